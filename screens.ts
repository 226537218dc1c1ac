// The list of screens: each screen once, with its library entry, custom elements, routes and
// sidebar link. Everything per screen follows from it: `npm run screens` (scripts/screens.ts)
// writes the package exports, the library and element indexes, the element registry and
// typings, the host's routes and sidebar, and the README's element table; tsup's entries and
// the e2e route list read it directly. `npm test` fails when a generated file is stale.
// How to add a screen: docs/adding-a-screen.md.

/** An attribute of a custom element: a primitive read from the kebab-case form of its prop name. */
export interface ElementAttribute {
  /** How the attribute's text becomes the prop's value. */
  type: 'string' | 'number' | 'boolean' | 'json';
  /** What it does: for the typings, the manifest and the README. */
  description: string;
  /** The values it takes, when a fixed set (typed in TSX). */
  values?: readonly string[];
  /** Required in the TSX typings. */
  required?: boolean;
  /**
   * Bound both ways: the screen's change callback (`onChange`) writes the attribute back, and
   * the element dispatches `event` when given. Unbound attributes seed the screen: a change
   * mounts it anew with the new value.
   */
  binding?: { onChange: string; event?: string };
}

export interface ScreenElement {
  /** The tag, `cf-` and kebab-case. Its element file (`widgets/<screen>/element.tsx`) defines it. */
  tag: `cf-${string}`;
  /** Keyed by the screen's prop name (camelCase); the attribute is its kebab-case form. */
  attributes?: Readonly<Record<string, ElementAttribute>>;
}

/** Where a route's prop comes from. */
export type RouteValue =
  /** A path parameter (`:id`), undefined when absent unless a fallback is given (null: none chosen). */
  | { param: string; fallback?: string | null }
  /** A query parameter (`?name=`), undefined when absent unless a fallback is given. */
  | { query: string; fallback?: string | null }
  /** A query parameter that is true when it reads 'true'. */
  | { flag: string }
  /** A change callback that writes a query parameter (replacing the history entry); `clearWhen` removes it. */
  | { writesQuery: string; clearWhen?: string }
  /**
   * A change callback that writes an optional path parameter (`:id?`): the value gets its own
   * URL (a new history entry, so Back returns to where the user was); null or undefined removes it.
   */
  | { writesParam: string };

export interface ScreenRoute {
  /** The path, with `:name` parameters. */
  path: string;
  /** The screen it shows: a named export of `widgets/<screen>/index.ts`. */
  component: string;
  /** The screen's props, each from the URL. A wrong prop name or type fails the type check. */
  props?: Readonly<Record<string, RouteValue>>;
  /**
   * Query parameters that moved into the path: an old link with `?query=` and no path parameter
   * is redirected to the path with that value, so bookmarks and shared links keep working.
   */
  movedQuery?: { query: string; param: string };
  /** URL values (path parameters or query names) that seed the screen: when one changes, it mounts anew. */
  remountOn?: readonly string[];
  /** A real URL for the tests when the path has parameters. */
  example?: string;
  /** The catalog entry naming its sidebar link; the sidebar lists links in this file's order. */
  sidebar?: string;
}

export interface Screen {
  /**
   * The folder `widgets/<name>/`, the library entry `creatorflow/<name>` (its index.ts), and
   * with elements, `creatorflow/elements/<name>` (its element.tsx).
   */
  name: string;
  elements: readonly ScreenElement[];
  routes: readonly ScreenRoute[];
  /**
   * A function exported by the screen's index.ts that starts loading what the screen loads
   * lazily (a heavy library); the host calls it with the screen's chunk as soon as one of its
   * URLs is opened, so it arrives while the workspace is still being read.
   */
  preload?: string;
}

const FUNNEL_FILTERS =
  'a dashboard filter: match_rate_top10, collab_success_top10, engagement_top10, sales_top10 (on cf-funnel-dashboard also top_creators, price_optimization)';

export const SCREENS: readonly Screen[] = [
  {
    name: 'funnel-board',
    elements: [
      {
        tag: 'cf-funnel-board',
        attributes: {
          search: { type: 'string', description: 'initial search text (creator name or funnel id); changing it restarts the list' },
          filter: { type: 'string', description: FUNNEL_FILTERS },
          creator: { type: 'string', description: 'a creator handle (or funnel id) whose card is selected' },
          expand: { type: 'boolean', description: "expands the selected creator's card" },
        },
      },
      {
        tag: 'cf-funnel-dashboard',
        attributes: {
          search: { type: 'string', description: 'initial search text (creator name or funnel id); changing it restarts the list' },
          filter: { type: 'string', description: FUNNEL_FILTERS },
          metric: { type: 'string', description: 'opens the Analytics tab filtered by this metric' },
        },
      },
      {
        tag: 'cf-dashboard-overview',
        attributes: {
          filter: { type: 'string', description: FUNNEL_FILTERS },
          creator: { type: 'string', description: 'a creator handle (or funnel id) whose card is selected' },
          expand: { type: 'boolean', description: "expands the selected creator's card" },
        },
      },
    ],
    routes: [
      {
        path: '/',
        component: 'FunnelDashboard',
        sidebar: 'nav.dashboard',
        props: {
          search: { query: 'search' },
          filter: { query: 'filter' },
          contentType: { query: 'content_type' },
          metric: { query: 'metric' },
          value: { query: 'value' },
        },
      },
      {
        path: '/dashboard',
        component: 'DashboardOverview',
        props: { filter: { query: 'filter' }, creator: { query: 'creator' }, expand: { flag: 'expand' } },
      },
      {
        path: '/funnel',
        component: 'FunnelBoard',
        sidebar: 'nav.funnelDashboard',
        props: { defaultSearch: { query: 'search' }, filter: { query: 'filter' }, creator: { query: 'creator' }, expand: { flag: 'expand' } },
        remountOn: ['search', 'filter', 'creator', 'expand'],
      },
      {
        path: '/funnel/:id',
        component: 'FunnelBoard',
        example: '/funnel/CR12345',
        props: {
          funnelId: { param: 'id' },
          defaultSearch: { query: 'search' },
          filter: { query: 'filter' },
          creator: { query: 'creator' },
          expand: { flag: 'expand' },
        },
        remountOn: ['id', 'search', 'filter', 'creator', 'expand'],
      },
    ],
  },
  {
    name: 'creator',
    elements: [
      {
        tag: 'cf-creator-detail',
        attributes: {
          creatorId: { type: 'string', required: true, description: 'the funnel id (CR12345)' },
          step: { type: 'string', description: 'the name of the step to open' },
        },
      },
      { tag: 'cf-shipping-label', attributes: { creatorId: { type: 'string', required: true, description: 'the funnel id (CR12345)' } } },
      { tag: 'cf-shipment-tracking', attributes: { creatorId: { type: 'string', required: true, description: 'the funnel id (CR12345)' } } },
      { tag: 'cf-creative-brief', attributes: { creatorId: { type: 'string', required: true, description: 'the funnel id (CR12345)' } } },
    ],
    routes: [
      {
        path: '/creator/:id',
        component: 'CreatorDetail',
        example: '/creator/CR12345',
        props: { creatorId: { param: 'id', fallback: '' }, step: { query: 'step' } },
        remountOn: ['id'],
      },
      {
        path: '/creator/:id/shipment/label',
        component: 'ShippingLabel',
        example: '/creator/CR12345/shipment/label',
        props: { creatorId: { param: 'id', fallback: '' } },
      },
      {
        path: '/creator/:id/shipment/tracking',
        component: 'ShipmentTracking',
        example: '/creator/CR12345/shipment/tracking',
        props: { creatorId: { param: 'id', fallback: '' } },
      },
      {
        path: '/creator/:id/brief',
        component: 'CreativeBrief',
        example: '/creator/CR12345/brief',
        props: { creatorId: { param: 'id', fallback: '' } },
      },
    ],
  },
  {
    name: 'orders',
    elements: [
      {
        tag: 'cf-orders',
        attributes: {
          orderId: {
            type: 'string',
            description: 'the open order (its id, or its order number such as ORD-1001); removing it shows the list; opening or closing an order updates it',
            binding: { onChange: 'onOrderIdChange' },
          },
        },
      },
    ],
    routes: [
      {
        // One route for the list and an open order, so the screen (and its list state) stays mounted.
        path: '/orders/:id?',
        component: 'Orders',
        sidebar: 'nav.orders',
        example: '/orders/ORD-1001',
        props: { orderId: { param: 'id', fallback: null }, onOrderIdChange: { writesParam: 'id' } },
        movedQuery: { query: 'order', param: 'id' },
      },
    ],
  },
  {
    name: 'inventory',
    elements: [
      {
        tag: 'cf-inventory',
        attributes: {
          search: { type: 'string', description: 'search text (name or SKU); changing it restarts the search' },
          lowStockOnly: { type: 'boolean', description: "'Low stock only' checked" },
          hideSummary: { type: 'boolean', description: 'hide the summary cards (show them with `<cf-inventory-summary>`)' },
        },
      },
      { tag: 'cf-inventory-summary' },
    ],
    routes: [
      {
        // An item's details have their own URL, like an open order.
        path: '/inventory/:id?',
        component: 'Inventory',
        sidebar: 'nav.inventory',
        example: '/inventory',
        props: { defaultSearch: { query: 'search', fallback: '' }, itemId: { param: 'id' }, onItemIdChange: { writesParam: 'id' } },
      },
    ],
  },
  {
    name: 'calendar',
    elements: [{ tag: 'cf-calendar' }],
    routes: [{ path: '/calendar', component: 'Calendar' }],
    preload: 'preloadCalendar',
  },
  {
    name: 'analytics',
    elements: [
      {
        tag: 'cf-analytics',
        attributes: {
          metric: {
            type: 'string',
            description: "shows the 'Filtering by metric' notice; a heatmap metric (engagement, conversion, roi, reach, sales) sorts the heatmap by it",
          },
          period: { type: 'string', values: ['6m', '12m'], description: "the period shown first: '6m' (default) or '12m'; changing it shows that period" },
        },
      },
    ],
    routes: [
      {
        path: '/analytics',
        component: 'Analytics',
        sidebar: 'nav.analytics',
        props: {
          metric: { query: 'metric' },
          period: { query: 'period' },
          filter: { query: 'filter' },
          contentType: { query: 'content_type' },
          value: { query: 'value' },
        },
      },
    ],
  },
  {
    name: 'notifications',
    elements: [{ tag: 'cf-notifications' }],
    routes: [{ path: '/notifications', component: 'Notifications' }],
  },
  {
    name: 'help',
    elements: [{ tag: 'cf-help-center', attributes: { search: { type: 'string', description: 'initial FAQ search text; changing it restarts the search' } } }],
    routes: [{ path: '/help', component: 'HelpCenter', sidebar: 'nav.helpCenter' }],
  },
  {
    name: 'settings',
    elements: [
      {
        tag: 'cf-settings',
        attributes: {
          tab: {
            type: 'string',
            description:
              "the active tab: general (default), profile, team, notifications, billing, integrations, developer, activity, import, export; changing it switches the tab, and the user's choice is written back to it",
            binding: { onChange: 'onTabChange', event: 'cf-tab-change' },
          },
        },
      },
      { tag: 'cf-profile' },
    ],
    routes: [
      {
        path: '/settings',
        component: 'Settings',
        sidebar: 'nav.settings',
        props: { tab: { query: 'tab', fallback: 'general' }, onTabChange: { writesQuery: 'tab', clearWhen: 'general' } },
      },
      { path: '/profile', component: 'ProfileSettings' },
    ],
  },
  { name: 'team', elements: [{ tag: 'cf-team' }], routes: [{ path: '/team', component: 'Team' }] },
  { name: 'billing', elements: [{ tag: 'cf-billing' }], routes: [{ path: '/billing', component: 'Billing' }] },
  { name: 'integrations', elements: [{ tag: 'cf-integrations' }], routes: [{ path: '/integrations', component: 'Integrations' }] },
  { name: 'developer', elements: [{ tag: 'cf-developer' }], routes: [{ path: '/developer', component: 'Developer' }] },
  { name: 'activity', elements: [{ tag: 'cf-activity-log' }], routes: [{ path: '/activity', component: 'ActivityLog' }] },
  { name: 'data-import', elements: [{ tag: 'cf-data-import' }], routes: [{ path: '/import', component: 'DataImport' }] },
  { name: 'data-export', elements: [{ tag: 'cf-data-export' }], routes: [{ path: '/export', component: 'DataExport' }] },
  {
    name: 'onboarding',
    elements: [{ tag: 'cf-onboarding', attributes: { finishHref: { type: 'string', description: "where Finish goes; default '/dashboard'" } } }],
    routes: [{ path: '/onboarding', component: 'Onboarding' }],
  },
];
