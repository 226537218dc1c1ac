// Breadcrumb trail of spec §2 "Shell": starts at Dashboard, then one crumb per path segment
// with hyphens turned into spaces. Pure, so it is unit-tested without a DOM.

export interface Crumb {
  label: string;
  href: string;
}

function decode(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function breadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const trail: Crumb[] = [{ label: 'Dashboard', href: '/' }];
  let href = '';
  for (const segment of segments) {
    href += `/${segment}`;
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
 * `translate` says the heading in the page's language (`tm`; "Pedidos · Creatorflow"); ids and names stay as they are.
 */
export function documentTitle(pathname: string, translate: (heading: string) => string = (heading) => heading): string {
  if (pathname === '/') return 'Creatorflow';
  const trail = breadcrumbs(pathname);
  return `${translate(capitalise(trail[trail.length - 1].label))} · Creatorflow`;
}
