// Widgets build app URLs through routeTo (widgets/ui/routes.ts) only; each URL it builds must
// match a route of the screen list, with query names that route reads.
import { describe, expect, it } from 'vitest';
import { SCREENS, type ScreenRoute } from '../../screens';
import { routeTo } from '../../widgets/ui/routes';

const routes = SCREENS.flatMap((screen) => screen.routes);

function routeOf(href: string): ScreenRoute | undefined {
  const { pathname } = new URL(href, 'http://app.test');
  return routes.find((route) => {
    const pattern = route.path.replace(/\/:[a-z]+\?/gi, '(?:/[^/]+)?').replace(/:[a-z]+/gi, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
}

const queriesOf = (route: ScreenRoute) =>
  Object.values(route.props ?? {}).flatMap((value) => ('query' in value ? [value.query] : 'flag' in value ? [value.flag] : []));

describe('routeTo', () => {
  const built = [
    routeTo.home(),
    routeTo.dashboard(),
    routeTo.dashboard({ filter: 'sales_top10' }),
    routeTo.dashboard({ creator: '@sarah.j' }),
    routeTo.creator('CR12345'),
    routeTo.creator('CR12345', 'Content Production'),
    routeTo.creatorPage('CR12345', 'brief'),
    routeTo.creatorPage('CR12345', 'shipment/label'),
    routeTo.creatorPage('CR12345', 'shipment/tracking'),
    routeTo.order('ord_1'),
    routeTo.analytics(),
  ];

  it.each(built)('%s is a route of the screen list, with query names it reads', (href) => {
    const route = routeOf(href);
    expect(route, `no route in screens.ts matches ${href}`).toBeDefined();
    const names = [...new URL(href, 'http://app.test').searchParams.keys()];
    for (const name of names) expect(queriesOf(route!), `${route!.path} does not read ?${name}`).toContain(name);
  });

  it('encodes ids and values, keeping a handle readable', () => {
    expect(routeTo.creator('CR 1/2', 'Brief & Plan')).toBe('/creator/CR%201%2F2?step=Brief%20%26%20Plan');
    expect(routeTo.dashboard({ creator: '@sarah.j' })).toBe('/dashboard?creator=@sarah.j');
  });
});
