// The query parameters every /api/v1 list shares: its page size, its cursor, and the answer to
// a parameter it does not know.
import * as v from 'valibot';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';

export const limit = v.optional(
  v.pipe(
    v.string(),
    v.transform((raw) => (/^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN)),
    v.number(LIMIT_MESSAGE),
    v.integer(LIMIT_MESSAGE),
    v.minValue(1, LIMIT_MESSAGE),
    v.maxValue(100, LIMIT_MESSAGE),
    v.description('How many to return: 1 to 100 (default 20).'),
  ),
);

export const startingAfter = v.optional(
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'starting_after must be an id from a previous page'), v.description('Cursor: the id of the last item of the previous page.')),
);

export const unknownParameter = (issue: v.BaseIssue<unknown>) => {
  const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' ? `Unknown parameter ${key}` : 'Unknown parameter';
};
