// Outgoing mail rules: who reads a message in which language, when a failed message is tried
// again, and how long a forgot-password link works.
import { isLanguageCode, type LanguageCode } from '../i18n/codes';

/** A member's own language, else the workspace's (Settings), else English. */
export function mailLanguage(memberLanguage: unknown, workspaceLanguage: unknown): LanguageCode {
  if (isLanguageCode(memberLanguage)) return memberLanguage;
  if (isLanguageCode(workspaceLanguage)) return workspaceLanguage;
  return 'en-US';
}

/**
 * Delay before each retry after a failed attempt: a mail server that is down for a moment or
 * an hour still gets the message; after about 10 hours the message is given up.
 */
export const MAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 1_800_000, 7_200_000, 25_200_000] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;

/** When the next attempt is due after `attempts` failed ones, or null when the message is given up. */
export function nextMailAttemptDelay(attempts: number): number | null {
  return attempts >= MAIL_MAX_ATTEMPTS ? null : (MAIL_RETRY_DELAYS_MS[attempts - 1] ?? null);
}

/** A forgot-password link works once, for this long. */
export const PASSWORD_RESET_TTL_MS = 30 * 60 * 1000;
export const PASSWORD_RESET_MINUTES = PASSWORD_RESET_TTL_MS / 60_000;

/** Where the server's mail goes: an SMTP server, or .eml files in a folder (no SMTP_URL). */
export type MailTransportKind = 'smtp' | 'files';

/** What Settings shows Admins on the mail line. */
export interface MailStatus {
  /** Null: this server sends no mail (its messages wait). */
  transport: MailTransportKind | null;
  /** The latest message that could not be delivered (its last attempt's reason), when the latest attempt failed. */
  lastFailure: { at: string; reason: string; givenUp: boolean } | null;
}
