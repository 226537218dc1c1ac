// Long work in the server's one thread, cut into slices. A 10,000-row import validates, maps
// and writes thousands of items; done in one go it holds the event loop for hundreds of
// milliseconds, and health checks and other members' requests wait that long. Awaiting PGlite
// does not help by itself: it runs in this thread and resolves without giving timers or
// sockets a turn. So long loops yield between slices (`yieldToEventLoop`: a whole turn, timers
// and sockets included).
import * as v from 'valibot';

/** Items handled between two turns of the event loop (a few milliseconds of work). */
export const ITEMS_PER_SLICE = 250;
/**
 * A list longer than this makes a mutation bulk work (an import's page of 500 rows): its
 * validation, reads, run and writes each get a turn of the event loop between them.
 */
export const BULK_LIST_ITEMS = 100;

/**
 * A turn of the event loop: timers and sockets run before the work goes on. One immediate set
 * from a socket's callback runs in that same turn's check phase, before any timer or socket;
 * the second is set from the check phase, so it runs in the next turn.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(() => setImmediate(resolve)));

/** `items.map(fn)`, a slice at a time, letting the event loop run between slices. */
export async function mapInSlices<T, U>(items: readonly T[], fn: (item: T) => U): Promise<U[]> {
  const out: U[] = [];
  for (let i = 0; i < items.length; i += ITEMS_PER_SLICE) {
    if (i > 0) await yieldToEventLoop();
    for (let j = i; j < Math.min(i + ITEMS_PER_SLICE, items.length); j++) out.push(fn(items[j]));
  }
  return out;
}

type AnySchema = v.GenericSchema;
type ParseResult = v.SafeParseResult<AnySchema>;
/** The parts of valibot's object and array schemas this file reads. */
interface ObjectShape {
  type: string;
  async: boolean;
  entries?: Record<string, AnySchema & { type: string; async: boolean; item?: AnySchema; message?: v.ErrorMessage<v.ArrayIssue>; pipe?: readonly unknown[] }>;
  message?: v.ErrorMessage<v.ObjectIssue>;
}

/** The same object schema with one list's items left unchecked (they are checked apart). */
const shells = new WeakMap<AnySchema, Map<string, AnySchema>>();
function withUncheckedItems(schema: AnySchema, key: string): AnySchema {
  let byKey = shells.get(schema);
  if (!byKey) shells.set(schema, (byKey = new Map<string, AnySchema>()));
  let shell = byKey.get(key);
  if (!shell) {
    const { entries = {}, message } = schema as unknown as ObjectShape;
    const list = entries[key];
    const bare = v.array(v.unknown(), list.message);
    // The list's own checks (its length) stay: the pipe's first element is the list schema itself.
    const actions = (list.pipe ?? []).slice(1) as v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>[];
    const checked = actions.length ? v.pipe(bare, ...(actions as [v.PipeItem<unknown[], unknown[], v.BaseIssue<unknown>>])) : bare;
    shell = v.object({ ...entries, [key]: checked }, message);
    byKey.set(key, shell);
  }
  return shell;
}

/** The field of an object's arguments holding a list long enough to be checked in slices (an import's rows), if any. */
export function longListOf(schema: AnySchema, input: unknown): string | undefined {
  const shape = schema as unknown as ObjectShape;
  if (shape.type !== 'object' || shape.async || !input || typeof input !== 'object' || Array.isArray(input)) return undefined;
  return Object.keys(shape.entries ?? {}).find((name) => {
    const value = (input as Record<string, unknown>)[name];
    const list = shape.entries?.[name];
    return Array.isArray(value) && value.length > BULK_LIST_ITEMS && list?.type === 'array' && !list.async && list.item;
  });
}

/**
 * `v.safeParse(schema, input)`, except that a long list at the top of an object (an import's
 * rows) has its items checked a slice at a time, with a turn of the event loop between slices.
 * The other fields and the list's own checks (its length) are checked first, in one go; the
 * first failing item is reported at its place in the list, as a whole parse reports it.
 */
export async function parseInSlices(schema: AnySchema, input: unknown): Promise<ParseResult> {
  const shape = schema as unknown as ObjectShape;
  const key = longListOf(schema, input);
  if (key === undefined) return v.safeParse(schema, input);

  const rest = v.safeParse(withUncheckedItems(schema, key), input);
  if (!rest.success) return rest;
  const items = (input as Record<string, unknown[]>)[key];
  const itemSchema = shape.entries![key].item!;
  const outputs: unknown[] = [];
  for (let i = 0; i < items.length; i += ITEMS_PER_SLICE) {
    if (i > 0) await yieldToEventLoop();
    for (let j = i; j < Math.min(i + ITEMS_PER_SLICE, items.length); j++) {
      const item = v.safeParse(itemSchema, items[j]);
      if (!item.success) {
        const at = [
          { type: 'object', origin: 'value', input, key, value: items },
          { type: 'array', origin: 'value', input: items, key: j, value: items[j] },
        ];
        const issues = item.issues.map((issue) => ({ ...issue, path: [...at, ...(issue.path ?? [])] }));
        return { typed: false, success: false, output: input, issues } as unknown as ParseResult;
      }
      outputs.push(item.output);
    }
  }
  return { ...rest, output: { ...(rest.output as object), [key]: outputs } };
}
