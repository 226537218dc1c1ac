// Turning valibot issues into one clear message that names the field, and database errors
// into facts that are safe to log (drizzle's own message carries the query's parameters,
// which may be password or token hashes).
import type { BaseIssue } from 'valibot';

export interface FieldProblem {
  /** Dotted path of the offending field ('email', 'permissions.manageTeam'), or '' for the whole body. */
  field: string;
  message: string;
}

export function describeIssues(issues: readonly BaseIssue<unknown>[]): FieldProblem {
  const issue = issues[0];
  const field = (issue?.path ?? [])
    .map((item) => String((item as { key?: unknown }).key))
    .filter((key) => key !== 'undefined')
    .join('.');
  let message = issue?.message ?? 'Invalid input';
  // valibot's default messages ('Invalid type: Expected string but received undefined') say
  // what but not where: prefix the field unless the schema gave its own message.
  if (field && /^Invalid key:/.test(message)) message = `${field} is required`;
  else if (field && /^Invalid /.test(message)) message = `${field}: ${message}`;
  if (!field && issue?.kind === 'schema' && issue.received === 'undefined') message = 'A JSON body is required';
  else if (!field && issue?.kind === 'schema' && issue.type === 'object') message = 'Expected a JSON object';
  return { field, message };
}

export interface DbErrorFacts {
  code?: string;
  constraint?: string;
  detail?: string;
  message: string;
}

/** The PostgreSQL error under a driver or drizzle wrapper, without the query parameters. */
export function databaseErrorFacts(error: unknown): DbErrorFacts | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
        message: typeof candidate.message === 'string' ? candidate.message : 'Database error',
      };
    }
    current = candidate.cause;
  }
  return null;
}

/** What a log line may say about an error: its type and message, never query parameters. */
export function loggableError(error: unknown): Record<string, unknown> {
  const facts = databaseErrorFacts(error);
  if (facts) return { type: 'DatabaseError', code: facts.code, constraint: facts.constraint, message: facts.message };
  if (error instanceof Error) {
    // A drizzle query error without a PostgreSQL code (connection lost): its message starts
    // with the query and lists parameters; keep only the cause.
    if (error.name === 'DrizzleQueryError' || /^Failed query:/.test(error.message)) {
      const cause = (error as { cause?: unknown }).cause;
      return { type: 'DatabaseError', message: cause instanceof Error ? cause.message : 'Query failed' };
    }
    return { type: error.name, message: error.message, stack: error.stack };
  }
  return { type: typeof error, message: String(error) };
}
