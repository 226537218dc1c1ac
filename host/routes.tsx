// The route table: the spec's route list (§2), query parameters mapped to widget props.
// The host is the only place that knows URLs. Every screen loads lazily.
import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams, type RouteObject } from 'react-router-dom';
import { Shell } from './Shell';

/** A lazily loaded named export. */
function screen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => load().then((m) => ({ default: m[name] as unknown as ComponentType<any> })));
}

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
  auth: () => import('./pages/Auth'),
};

const Inventory = screen(widgets.inventory, 'Inventory');
const FunnelDashboard = screen(widgets.funnels, 'FunnelDashboard');
const DashboardOverview = screen(widgets.funnels, 'DashboardOverview');
const FunnelBoard = screen(widgets.funnels, 'FunnelBoard');
const CreatorDetail = screen(widgets.creator, 'CreatorDetail');
const ShippingLabel = screen(widgets.creator, 'ShippingLabel');
const ShipmentTracking = screen(widgets.creator, 'ShipmentTracking');
const CreativeBrief = screen(widgets.creator, 'CreativeBrief');
const Orders = screen(widgets.orders, 'Orders');
const Calendar = screen(widgets.calendar, 'Calendar');
const Analytics = screen(widgets.analytics, 'Analytics');
const Notifications = screen(widgets.notifications, 'Notifications');
const Settings = screen(widgets.settings, 'Settings');
const ProfileSettings = screen(widgets.settings, 'ProfileSettings');
const Team = screen(widgets.team, 'Team');
const Billing = screen(widgets.billing, 'Billing');
const Integrations = screen(widgets.integrations, 'Integrations');
const Developer = screen(widgets.developer, 'Developer');
const ActivityLog = screen(widgets.activity, 'ActivityLog');
const DataImport = screen(widgets.dataImport, 'DataImport');
const DataExport = screen(widgets.dataExport, 'DataExport');
const HelpCenter = screen(widgets.help, 'HelpCenter');
const Onboarding = screen(widgets.onboarding, 'Onboarding');
const NotFound = screen(widgets.pages, 'NotFound');
const Terms = screen(widgets.pages, 'Terms');
const Privacy = screen(widgets.pages, 'Privacy');
const Maintenance = screen(widgets.pages, 'Maintenance');
const DocsDashboard = screen(widgets.pages, 'DocsDashboard');
const DocsApi = screen(widgets.pages, 'DocsApi');
const Support = screen(widgets.pages, 'Support');
const SignIn = screen(widgets.auth, 'SignIn');
const AcceptInvitation = screen(widgets.auth, 'AcceptInvitation');
const Setup = screen(widgets.auth, 'Setup');

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
  const q = useQuery();
  return <FunnelBoard funnelId={id} search={q('search')} filter={q('filter')} creator={q('creator')} expand={q('expand') === 'true'} />;
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
/** An open order has its own URL, `/orders/{id}`, so Back, reload and sharing keep it. */
function OrdersRoute() {
  const { id } = useParams();
  const q = useQuery();
  const navigate = useNavigate();
  const legacy = q('order');
  if (legacy && !id) return <Navigate to={`/orders/${encodeURIComponent(legacy)}`} replace />;
  return <Orders orderId={id} onOrderIdChange={(next?: string) => navigate(next ? `/orders/${encodeURIComponent(next)}` : '/orders')} />;
}
/** An item's details have their own URL, `/inventory/{id}`, like an open order. */
function InventoryRoute() {
  const { id } = useParams();
  const q = useQuery();
  const navigate = useNavigate();
  return (
    <Inventory
      defaultSearch={q('search') ?? ''}
      itemId={id}
      onItemIdChange={(next?: string) => navigate(next ? `/inventory/${encodeURIComponent(next)}` : '/inventory')}
    />
  );
}
function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  return <Settings tab={params.get('tab') ?? undefined} onTabChange={(tab: string) => setParams(tab === 'general' ? {} : { tab }, { replace: true })} />;
}

function ShipmentRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/creator/${encodeURIComponent(id)}/shipment/tracking`} replace />;
}

export const routes: RouteObject[] = [
  // The team server's public pages stand outside the shell: nothing of the workspace before sign-in.
  { path: '/signin', element: <Suspense fallback={null}><SignIn /></Suspense> },
  { path: '/invite/:token', element: <Suspense fallback={null}><AcceptInvitation /></Suspense> },
  { path: '/setup', element: <Suspense fallback={null}><Setup /></Suspense> },
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
      { path: '/inventory/:id?', element: <InventoryRoute /> },
      // One route for the list and a detail, so the screen (and its list state) stays mounted.
      { path: '/orders/:id?', element: <OrdersRoute /> },
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

