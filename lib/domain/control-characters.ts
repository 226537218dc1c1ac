// Text never holds control characters: NUL (which PostgreSQL refuses in text and jsonb) and
// the rest of the C0 range, except tab, line feed and carriage return (notes and messages hold
// lines). The server refuses them at its door and in each mutation's arguments.

/** Refused in text: C0 but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** Refused in a single line (a path or query parameter): all of C0. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_IN_LINE = /[\u0000-\u001F]/;

/**
 * The first place in `value` whose text or key holds a refused character, as a dotted path
 * ('' for the value itself), or null when there is none. A bad key is named by where it sits:
 * echoing it would carry the character on. Iterative, so a deeply nested value cannot exhaust the stack.
 */
export function controlCharacterPath(value: unknown, refused: RegExp = CONTROL_IN_TEXT): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (refused.test(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (refused.test(key)) return path;
        stack.push([item, path ? `${path}.${key}` : key]);
      }
    }
  }
  return null;
}

/** A JSON object or a query's parameters (made without a prototype), not a Buffer or a Date. */
function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
