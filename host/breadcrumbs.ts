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
    trail.push({ label: decode(segment).replace(/-/g, ' '), href });
  }
  return trail;
}
