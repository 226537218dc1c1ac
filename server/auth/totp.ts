// TOTP (RFC 6238) and recovery codes for two-factor sign-in. The TOTP secret is sealed with the
// server's secret key, bound to its user; recovery codes are kept as SHA-256 only.
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { formatRecoveryCode, RECOVERY_CODE_ALPHABET, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../lib/domain/two-factor';
import type { SecretBox } from '../secrets/box';

const ISSUER = 'Creatorflow';

/** What seals a user's TOTP secret: a sealed value copied to another user does not open. */
const sealContext = (userId: string, pending: boolean) => `users.totp${pending ? '_pending' : ''}\u0000${userId}`;

export function sealTotpSecret(box: SecretBox, userId: string, secret: string, pending: boolean): string {
  return box.seal(secret, sealContext(userId, pending));
}

export function openTotpSecret(box: SecretBox, userId: string, sealed: string, pending: boolean): string {
  return box.open(sealed, sealContext(userId, pending));
}

/** A fresh 160-bit secret, in the base32 an authenticator app takes by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secret: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

/** What an authenticator app scans: the `otpauth://` URI, and the same drawn as a QR code (a PNG data URL, nothing fetched). */
export async function enrolmentOf(secret: string, email: string): Promise<{ uri: string; qrDataUrl: string }> {
  const uri = totpOf(secret, email).toString();
  const qrDataUrl = await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 200 });
  return { uri, qrDataUrl };
}

/**
 * The time step of the code if it is right now or one step either side (a phone's clock may
 * be a little off), else null. A caller accepts each step once.
 */
export function stepOfCode(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Ten new recovery codes, as shown (`abcde-fghjk`); the caller stores their hashes. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    formatRecoveryCode(Array.from({ length: 10 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join('')),
  );
}
