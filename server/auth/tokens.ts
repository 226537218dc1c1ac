// Secrets handed to browsers (session cookies, invitation and setup links): 32 random bytes,
// of which the database keeps only a SHA-256. A leaked database row cannot be replayed.
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Tokens we issue are 43 base64url characters; anything else is not worth a database look-up. */
export function looksLikeToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
