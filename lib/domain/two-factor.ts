// Two-factor sign-in and sessions: who must use a second factor, what a recovery code looks
// like, and how a session is described to its member (a device read from the user agent and a
// place that is an address prefix, never the whole address).
import type { Role } from './types';

/** Who a workspace asks to sign in with a second factor. */
export const TWO_FACTOR_POLICIES = ['nobody', 'admins', 'everyone'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];

/** Recovery codes made at each enrolment, each good for one sign-in. */
export const RECOVERY_CODE_COUNT = 10;
/** Letters and digits a recovery code is made of: no 0/o, 1/l/i that read alike. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A TOTP code's digits and period (RFC 6238's defaults, what every authenticator app uses). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

export function isTwoFactorPolicy(value: unknown): value is TwoFactorPolicy {
  return typeof value === 'string' && (TWO_FACTOR_POLICIES as readonly string[]).includes(value);
}

/** Whether a member of `role` must have two-factor sign-in under the workspace's policy. */
export function twoFactorRequiredFor(policy: TwoFactorPolicy, role: Role): boolean {
  return policy === 'everyone' || (policy === 'admins' && role === 'Admin');
}

/** Ten letters and digits shown as two groups of five (`abcde-fghjk`). */
export function formatRecoveryCode(raw: string): string {
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
}

/** What a member typed as a second factor: a TOTP code, a recovery code, or neither. */
export type SecondFactorInput = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'invalid' };

/** Reads a second factor as typed: spaces and dashes do not matter, nor letter case. */
export function readSecondFactor(input: string): SecondFactorInput {
  const compact = input.replace(/[\s-]/g, '').toLowerCase();
  if (new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  if (compact.length === 10 && [...compact].every((c) => RECOVERY_CODE_ALPHABET.includes(c))) return { kind: 'recovery', code: compact };
  return { kind: 'invalid' };
}

/**
 * Where a session signed in from, without saying who: an IPv4 address's first three parts
 * (`203.0.113.0/24`), an IPv6 address's first three groups (`2001:db8:85a3::/48`).
 */
export function addressPrefix(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) {
    const [head = ''] = ip.split('::');
    const groups = head.split(':').filter(Boolean);
    // An address written with '::' early (::1) has fewer than three groups before it: zeros follow.
    while (groups.length < 3) groups.push('0');
    return `${groups.slice(0, 3).map((g) => g.toLowerCase().replace(/^0+(?=.)/, '')).join(':')}::/48`;
  }
  return '';
}

const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone|iPad|iPod/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X|Macintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A session's device as its member would name it ("Chrome on Linux"); empty when the user agent says nothing known. */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? '';
}

/** A member's two-factor sign-in as the team server holds it. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** The workspace asks it of this member. */
  required: boolean;
  recoveryCodesLeft: number;
  /** The workspace's policy (who must have it). */
  requireTwoFactor: TwoFactorPolicy;
}

/** What an authenticator app needs: the manual key, its URI and the QR code (a data URL). */
export interface TwoFactorEnrolment {
  secret: string;
  uri: string;
  qrDataUrl: string;
}

/** One of the member's signed-in sessions. */
export interface SessionView {
  id: string;
  /** "Chrome on Linux"; empty when the browser did not say. */
  device: string;
  /** An address prefix ("203.0.113.0/24"), never the whole address. */
  place: string;
  signedInAt: string;
  lastSeenAt: string;
  /** This browser's own session. */
  current: boolean;
}

/** The kinds of entries in the security log (server/auth/security-log.ts writes them). */
export const SECURITY_EVENT_KINDS = [
  'signedIn',
  'signInFailed',
  'secondFactorFailed',
  'recoveryCodeUsed',
  'twoFactorOn',
  'twoFactorOff',
  'recoveryCodesRenewed',
  'sessionEnded',
  'otherSessionsEnded',
  'twoFactorPolicyChanged',
  'apiKeyCreated',
  'apiKeyRegenerated',
  'apiKeyRevoked',
] as const;
export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

export interface SecurityEvent {
  id: string;
  at: string;
  kind: SecurityEventKind;
  memberName: string;
  device: string;
  place: string;
}
