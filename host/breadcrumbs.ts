// Breadcrumb trail of spec §2 "Shell": starts at Dashboard, then one crumb per path segment
// with hyphens turned into spaces. Pure, so it is unit-tested without a DOM.

export interface Crumb {
  label: string;
  href: string;
  /** The crumb stands for a record of a detail route: `label` is its name, or empty when it is not known here. */
  record?: RecordKind;
}

/** Detail routes: the path segment after one of these is a record's id, which a crumb never shows. */
const RECORD_SEGMENTS = { funnel: 'funnel', creator: 'funnel', orders: 'order', inventory: 'inventoryItem' } as const;
export type RecordKind = (typeof RECORD_SEGMENTS)[keyof typeof RECORD_SEGMENTS];

/** A record's name for its crumb (a creator's name, an order's number, an item's name), or undefined when unknown. */
export type RecordNamer = (kind: RecordKind, id: string) => string | undefined;

/** What a record's crumb says while its record is not here (still loading, deleted, or no such id). */
export const UNNAMED_RECORD: Record<RecordKind, string> = { funnel: 'Creator', order: 'Order', inventoryItem: 'Item' };

const recordKindAfter = (segment: string | undefined): RecordKind | undefined =>
  segment !== undefined && Object.hasOwn(RECORD_SEGMENTS, segment) ? RECORD_SEGMENTS[segment as keyof typeof RECORD_SEGMENTS] : undefined;

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function breadcrumbs(pathname: string, nameOf?: RecordNamer): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const trail: Crumb[] = [{ label: 'Dashboard', href: '/' }];
  let href = '';
  for (const [index, segment] of segments.entries()) {
    href += `/${segment}`;
    // A detail route's id is named by its record (the first segment only: /creator/:id, /orders/:id).
    const kind = index === 1 ? recordKindAfter(segments[0]) : undefined;
    if (kind) {
      trail.push({ label: nameOf?.(kind, decode(segment)) ?? '', href, record: kind });
      continue;
    }
    const label = decode(segment).replace(/-/g, ' ');
    const previous = trail[trail.length - 1];
    // `/dashboard` is the Dashboard the trail starts at: one crumb, not "Dashboard / Dashboard".
    if (label.toLowerCase() === previous.label.toLowerCase()) previous.href = href;
    else trail.push({ label, href });
  }
  return trail;
}

export const capitalise = (text: string) => text.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());

/**
 * The tab title: the page's crumb capitalised like a heading, then the product ("Orders · Creatorflow").
 * `translate` says the heading in the page's language (its catalog entry; "Pedidos · Creatorflow"); ids and names stay as they are.
 */
export function documentTitle(
  pathname: string,
  translate: (heading: string) => string = (heading) => heading,
  nameOf?: RecordNamer,
  unnamed: (kind: RecordKind) => string = (kind) => UNNAMED_RECORD[kind],
): string {
  if (pathname === '/') return 'Creatorflow';
  const trail = breadcrumbs(pathname, nameOf);
  const last = trail[trail.length - 1];
  if (last.record) return `${last.label || unnamed(last.record)} · Creatorflow`;
  return `${translate(capitalise(last.label))} · Creatorflow`;
}
