// The route table: the spec's route list (§2), query parameters mapped to widget props.
// The host is the only place that knows URLs. Every screen loads lazily.
import { lazy } from 'react';
import { Navigate, useLocation, useParams, useSearchParams, type RouteObject } from 'react-router-dom';
import { Shell } from './Shell';

// Each screen's module loads on first visit; the lazy components keep the screens' props types,
// so a route passing a wrong prop fails the type check.
const widgets = {
  inventory: () => import('../widgets/inventory'),
  funnels: () => import('../widgets/funnel-board'),
  creator: () => import('../widgets/creator'),
  orders: () => import('../widgets/orders'),
  calendar: () => import('../widgets/calendar'),
  analytics: () => import('../widgets/analytics'),
  notifications: () => import('../widgets/notifications'),
  settings: () => import('../widgets/settings'),
  team: () => import('../widgets/team'),
  billing: () => import('../widgets/billing'),
  integrations: () => import('../widgets/integrations'),
  developer: () => import('../widgets/developer'),
  activity: () => import('../widgets/activity'),
  dataImport: () => import('../widgets/data-import'),
  dataExport: () => import('../widgets/data-export'),
  help: () => import('../widgets/help'),
  onboarding: () => import('../widgets/onboarding'),
  pages: () => import('./pages'),
};

export const Inventory = lazy(() => widgets.inventory().then((m) => ({ default: m.Inventory })));
export const FunnelDashboard = lazy(() => widgets.funnels().then((m) => ({ default: m.FunnelDashboard })));
export const DashboardOverview = lazy(() => widgets.funnels().then((m) => ({ default: m.DashboardOverview })));
export const FunnelBoard = lazy(() => widgets.funnels().then((m) => ({ default: m.FunnelBoard })));
export const CreatorDetail = lazy(() => widgets.creator().then((m) => ({ default: m.CreatorDetail })));
export const ShippingLabel = lazy(() => widgets.creator().then((m) => ({ default: m.ShippingLabel })));
export const ShipmentTracking = lazy(() => widgets.creator().then((m) => ({ default: m.ShipmentTracking })));
export const CreativeBrief = lazy(() => widgets.creator().then((m) => ({ default: m.CreativeBrief })));
export const Orders = lazy(() => widgets.orders().then((m) => ({ default: m.Orders })));
export const Calendar = lazy(() => widgets.calendar().then((m) => ({ default: m.Calendar })));
export const Analytics = lazy(() => widgets.analytics().then((m) => ({ default: m.Analytics })));
export const Notifications = lazy(() => widgets.notifications().then((m) => ({ default: m.Notifications })));
export const Settings = lazy(() => widgets.settings().then((m) => ({ default: m.Settings })));
export const ProfileSettings = lazy(() => widgets.settings().then((m) => ({ default: m.ProfileSettings })));
export const Team = lazy(() => widgets.team().then((m) => ({ default: m.Team })));
export const Billing = lazy(() => widgets.billing().then((m) => ({ default: m.Billing })));
export const Integrations = lazy(() => widgets.integrations().then((m) => ({ default: m.Integrations })));
export const Developer = lazy(() => widgets.developer().then((m) => ({ default: m.Developer })));
export const ActivityLog = lazy(() => widgets.activity().then((m) => ({ default: m.ActivityLog })));
export const DataImport = lazy(() => widgets.dataImport().then((m) => ({ default: m.DataImport })));
export const DataExport = lazy(() => widgets.dataExport().then((m) => ({ default: m.DataExport })));
export const HelpCenter = lazy(() => widgets.help().then((m) => ({ default: m.HelpCenter })));
export const Onboarding = lazy(() => widgets.onboarding().then((m) => ({ default: m.Onboarding })));
export const NotFound = lazy(() => widgets.pages().then((m) => ({ default: m.NotFound })));
export const Terms = lazy(() => widgets.pages().then((m) => ({ default: m.Terms })));
export const Privacy = lazy(() => widgets.pages().then((m) => ({ default: m.Privacy })));
export const Maintenance = lazy(() => widgets.pages().then((m) => ({ default: m.Maintenance })));
export const DocsDashboard = lazy(() => widgets.pages().then((m) => ({ default: m.DocsDashboard })));
export const DocsApi = lazy(() => widgets.pages().then((m) => ({ default: m.DocsApi })));
export const Support = lazy(() => widgets.pages().then((m) => ({ default: m.Support })));

/** Query parameters as props: `?a=1&b=true` -> { a: '1', b: 'true' }. */
function useQuery() {
  const [params] = useSearchParams();
  return (name: string) => params.get(name) ?? undefined;
}

function DashboardRoute() {
  const q = useQuery();
  return <FunnelDashboard search={q('search')} filter={q('filter')} contentType={q('content_type')} metric={q('metric')} value={q('value')} />;
}
function DashboardOverviewRoute() {
  const q = useQuery();
  return <DashboardOverview filter={q('filter')} creator={q('creator')} expand={q('expand') === 'true'} />;
}
function FunnelRoute() {
  const { id } = useParams();
  const { pathname, search } = useLocation();
  const q = useQuery();
  // The URL seeds the board; a new URL mounts a new board with its seeds.
  return (
    <FunnelBoard
      key={pathname + search}
      funnelId={id}
      defaultSearch={q('search')}
      filter={q('filter')}
      creator={q('creator')}
      expand={q('expand') === 'true'}
    />
  );
}
function CreatorRoute({ view }: { view: 'detail' | 'label' | 'tracking' | 'brief' }) {
  const { id = '' } = useParams();
  const q = useQuery();
  if (view === 'label') return <ShippingLabel creatorId={id} />;
  if (view === 'tracking') return <ShipmentTracking creatorId={id} />;
  if (view === 'brief') return <CreativeBrief creatorId={id} />;
  return <CreatorDetail key={id} creatorId={id} step={q('step')} />;
}
function AnalyticsRoute() {
  const q = useQuery();
  return <Analytics metric={q('metric')} period={q('period')} filter={q('filter')} contentType={q('content_type')} value={q('value')} />;
}
function OrdersRoute() {
  const [params, setParams] = useSearchParams();
  // The open order lives in the URL (?order=), so reload and Back keep it.
  return <Orders orderId={params.get('order')} onOrderIdChange={(order) => setParams(order ? { order } : {}, { replace: true })} />;
}
function InventoryRoute() {
  const q = useQuery();
  return <Inventory defaultSearch={q('search') ?? ''} />;
}
function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  return <Settings tab={params.get('tab') ?? 'general'} onTabChange={(tab) => setParams(tab === 'general' ? {} : { tab }, { replace: true })} />;
}

function ShipmentRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/creator/${encodeURIComponent(id)}/shipment/tracking`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/', element: <DashboardRoute /> },
      { path: '/dashboard', element: <DashboardOverviewRoute /> },
      { path: '/funnel', element: <FunnelRoute /> },
      { path: '/funnel/:id', element: <FunnelRoute /> },
      { path: '/creator/:id', element: <CreatorRoute view="detail" /> },
      { path: '/creator/:id/shipment/label', element: <CreatorRoute view="label" /> },
      { path: '/creator/:id/shipment/tracking', element: <CreatorRoute view="tracking" /> },
      { path: '/creator/:id/brief', element: <CreatorRoute view="brief" /> },
      { path: '/analytics', element: <AnalyticsRoute /> },
      { path: '/settings', element: <SettingsRoute /> },
      { path: '/profile', element: <ProfileSettings /> },
      { path: '/team', element: <Team /> },
      { path: '/onboarding', element: <Onboarding /> },
      { path: '/notifications', element: <Notifications /> },
      { path: '/help', element: <HelpCenter /> },
      { path: '/billing', element: <Billing /> },
      { path: '/integrations', element: <Integrations /> },
      { path: '/developer', element: <Developer /> },
      { path: '/activity', element: <ActivityLog /> },
      { path: '/calendar', element: <Calendar /> },
      { path: '/import', element: <DataImport /> },
      { path: '/export', element: <DataExport /> },
      { path: '/inventory', element: <InventoryRoute /> },
      { path: '/orders', element: <OrdersRoute /> },
      { path: '/terms', element: <Terms /> },
      { path: '/privacy', element: <Privacy /> },
      { path: '/maintenance', element: <Maintenance /> },
      { path: '/docs/dashboard', element: <DocsDashboard /> },
      { path: '/docs/api', element: <DocsApi /> },
      { path: '/support', element: <Support /> },
      // Breadcrumb parents that are not pages of their own lead somewhere sensible.
      { path: '/creator', element: <Navigate to="/funnel" replace /> },
      { path: '/creator/:id/shipment', element: <ShipmentRedirect /> },
      { path: '/docs', element: <Navigate to="/help" replace /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

