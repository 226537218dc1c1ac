// The secret box: AES-256-GCM through node:crypto, for third-party credentials the server
// must use again (so they cannot be hashed). Every value gets a random 12-byte IV and its
// auth tag; the sealed text names the key that sealed it, so keys can rotate: a new key
// seals, older keys still open what they sealed until it is sealed again.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const ALGORITHM = 'aes-256-gcm';
const FORMAT = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

/** A sealed value that cannot be opened: another key sealed it, or it was altered. */
export class SecretOpenError extends Error {
  override name = 'SecretOpenError';
}

export interface SecretBox {
  /** The id of the key that seals (a fingerprint, not the key). */
  readonly keyId: string;
  /** `context` binds the sealed text to where it is stored (a copy moved elsewhere does not open). */
  seal(plaintext: string, context: string): string;
  open(sealed: string, context: string): string;
}

/** A short, stable, non-secret name for a key: the first 8 hex digits of its SHA-256. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

/** A 32-byte key from base64 (standard or url-safe) or 64 hex digits; anything else throws, naming the setting. */
export function parseSecretKey(text: string, setting = 'CREATORFLOW_SECRET_KEY'): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES || (!/^[0-9a-fA-F]{64}$/.test(trimmed) && !/^[A-Za-z0-9+/_-]+=*$/.test(trimmed))) {
    throw new SecretKeyError(`${setting} must be 32 bytes as base64 (44 characters) or hex (64 digits); make one with: openssl rand -base64 32`);
  }
  return key;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** A box that seals with `current` and opens with it or any of `previous`. */
export function createSecretBox(current: Buffer, previous: readonly Buffer[] = []): SecretBox {
  if (current.length !== KEY_BYTES) throw new SecretKeyError('A secret key must be 32 bytes');
  const keyId = keyIdOf(current);
  const keys = new Map<string, Buffer>([[keyId, current]]);
  for (const key of previous) if (!keys.has(keyIdOf(key))) keys.set(keyIdOf(key), key);
  return {
    keyId,
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, keyId, b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
    },
    open(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 5 || parts[0] !== FORMAT) throw new SecretOpenError('Not a sealed secret');
      const [, id, iv, tag, body] = parts as [string, string, string, string, string];
      const key = keys.get(id);
      if (!key) throw new SecretOpenError(`Sealed with key ${id}, which this server does not have (set CREATORFLOW_SECRET_KEY to it)`);
      try {
        const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretOpenError(`A secret sealed with key ${id} did not open (altered, or stored under another name)`);
      }
    },
  };
}

/** A box with a fresh random key that lives only in memory (tests; nothing sealed outlives the process). */
export function ephemeralSecretBox(): SecretBox {
  return createSecretBox(randomBytes(KEY_BYTES));
}

export interface SecretKeySource {
  /** CREATORFLOW_SECRET_KEY. */
  key?: string;
  /** CREATORFLOW_SECRET_KEY_PREVIOUS: older keys, comma-separated, still used to open. */
  previous?: string;
  /** The key file used when no key is set: read if present, else made once (mode 0600). */
  keyFile: string;
}

export interface LoadedSecretBox {
  box: SecretBox;
  /** Where the key came from, for the console (never the key). */
  source: 'environment' | 'file' | 'new file';
}

/** The server's box: the key from the environment, else the key file (made on first start). */
export function loadSecretBox(source: SecretKeySource): LoadedSecretBox {
  const previous = (source.previous ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => parseSecretKey(part, 'CREATORFLOW_SECRET_KEY_PREVIOUS'));
  if (source.key?.trim()) return { box: createSecretBox(parseSecretKey(source.key), previous), source: 'environment' };
  if (existsSync(source.keyFile)) {
    return { box: createSecretBox(parseSecretKey(readFileSync(source.keyFile, 'utf8'), source.keyFile), previous), source: 'file' };
  }
  const key = randomBytes(KEY_BYTES);
  mkdirSync(dirname(source.keyFile), { recursive: true });
  // 'wx': two processes starting at once never overwrite each other's key.
  writeFileSync(source.keyFile, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(source.keyFile, 0o600);
  return { box: createSecretBox(key, previous), source: 'new file' };
}
