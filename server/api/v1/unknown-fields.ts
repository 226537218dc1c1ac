// The body fields a route's schema does not declare, at any depth: inside objects, arrays of
// them, and optional or nullable ones, each named by its path (shippingAddress.zip,
// items.0.colour). A union's members are not looked into: which of them applies is the
// schema's to say.
import type * as v from 'valibot';

interface SchemaShape {
  type?: string;
  entries?: Record<string, SchemaShape>;
  wrapped?: SchemaShape;
  item?: SchemaShape;
}

const OBJECTS = new Set(['object', 'strict_object']);
const WRAPPERS = new Set(['optional', 'nullable', 'nullish', 'exact_optional', 'non_optional', 'non_nullable', 'non_nullish', 'undefinedable']);

export function unknownFields(schema: v.GenericSchema, body: unknown): string[] {
  const found: string[] = [];
  const walk = (shape: SchemaShape | undefined, value: unknown, path: string) => {
    while (shape && WRAPPERS.has(shape.type ?? '') && shape.wrapped) shape = shape.wrapped;
    if (!shape || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      if (shape.type === 'array' && shape.item) value.forEach((item, index) => walk(shape.item, item, `${path}${index}.`));
      return;
    }
    if (!OBJECTS.has(shape.type ?? '') || !shape.entries) return;
    for (const [name, field] of Object.entries(value)) {
      if (!Object.hasOwn(shape.entries, name)) found.push(`${path}${name}`);
      else walk(shape.entries[name], field, `${path}${name}.`);
    }
  };
  walk(schema, body, '');
  return found;
}
