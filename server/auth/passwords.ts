// Password hashing (argon2id) and the password policy.
import type { ServerProblem } from '../../lib/domain/server-errors';
import { HttpError } from '../context';
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export interface HashCost {
  /** KiB of memory per hash. */
  memoryCost: number;
  /** Passes. */
  timeCost: number;
}

/** argon2id's recommended minimum (about 80 ms per hash on this class of machine). */
export const DEFAULT_HASH_COST: HashCost = { memoryCost: 19456, timeCost: 2 };

// The enum is declared `const` in the package's typings; its value 2 is argon2id.
const ARGON2ID = 2 as Algorithm;

export function hashPassword(password: string, cost: HashCost = DEFAULT_HASH_COST): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 });
}

/** False for a wrong password and for a malformed stored hash (never throws on user input). */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** How the server hashes and checks passwords: argon2id, or a wrapper around it (tests count the calls). */
export interface PasswordHasher {
  hash(password: string, cost: HashCost): Promise<string>;
  /** False for a wrong password and for a malformed stored hash. */
  verify(storedHash: string, password: string): Promise<boolean>;
}

export const ARGON2ID_HASHER: PasswordHasher = { hash: hashPassword, verify: verifyPassword };

export const MIN_PASSWORD_LENGTH = 10;
/** Longer inputs are refused before hashing: no one types them, and they cost CPU. */
export const MAX_PASSWORD_LENGTH = 200;

// Passwords of 10+ characters that lists of leaked passwords rank near the top, plus this
// product's own name. Shorter common passwords are already refused by the length rule.
const COMMON_PASSWORDS = new Set([
  '0123456789',
  '1111111111',
  '1234567890',
  '12345678910',
  '123456789a',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  '987654321a',
  'a123456789',
  'aaaaaaaaaa',
  'abc1234567',
  'abcd123456',
  'abcdefghij',
  'admin12345',
  'administrator',
  'asdfghjkl1',
  'baseball123',
  'changeme123',
  'creatorflow',
  'creatorflow1',
  'creatorflow123',
  'dragon1234',
  'football123',
  'iloveyou12',
  'iloveyou123',
  'letmein123',
  'monkey1234',
  'p@ssw0rd123',
  'passw0rd123',
  'password12',
  'password123',
  'password1234',
  'password1!',
  'password123!',
  'passwordpassword',
  'princess123',
  'q1w2e3r4t5',
  'qwerty12345',
  'qwerty123456',
  'qwertyuiop',
  'qwertyuiop123',
  'starwars123',
  'sunshine123',
  'superman123',
  'trustno1234',
  'welcome123',
  'welcome1234',
  'zaq12wsxcde',
]);

/** Why a password may not be used (its message and code), or null when it is acceptable. */
export function passwordRefusal(password: string, email?: string): ({ message: string } & ServerProblem) | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return { message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters`, code: 'passwordTooShort', params: { min: MIN_PASSWORD_LENGTH } };
  if (password.length > MAX_PASSWORD_LENGTH)
    return { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters`, code: 'passwordTooLong', params: { max: MAX_PASSWORD_LENGTH } };
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || /^(.)\1+$/.test(password)) return { message: 'This password is too common. Choose a less predictable one.', code: 'passwordTooCommon' };
  if (email && (lower === email.toLowerCase() || lower === email.toLowerCase().split('@')[0]))
    return { message: 'Password must not be your email address', code: 'passwordIsEmail' };
  return null;
}

/** The message for a password that may not be used, or null when it is acceptable. */
export const passwordProblem = (password: string, email?: string): string | null => passwordRefusal(password, email)?.message ?? null;

/** The refusal of a password, for a route: a 400 naming `field`. */
export function refusePassword(password: string, email: string | undefined, field: string): HttpError | null {
  const refusal = passwordRefusal(password, email);
  return refusal ? new HttpError(400, refusal.message, field, { code: refusal.code, params: refusal.params }) : null;
}
