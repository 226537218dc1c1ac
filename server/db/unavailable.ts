// The database going away (a restart, a failover, a cut network) is not a bug: requests made
// meanwhile get a 503 with a clear message and a Retry-After, and the browser's sync retries
// them as it retries any unanswered push, so nothing is lost and nothing is recorded half-done.

/** Thrown instead of recording a mutation as processed when the database cannot be reached. */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super('The database is not answering', { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

export const DATABASE_UNAVAILABLE = 'The server cannot reach its database right now. Your change was not saved; try again in a moment.';

// Socket errors of the driver, and PostgreSQL's "connection exception" (08…) and "operator
// intervention" (57P…) classes: the server shutting down, starting up or unreachable.
const CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /did not answer within/i, /Connection ended unexpectedly/i];

/** Whether an error (or one it wraps, as Drizzle's query errors do) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CODES.has(code) || /^08/.test(code) || /^57P0[123]$/.test(code))) return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
  }
  return false;
}
