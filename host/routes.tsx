// The route table: the spec's route list (§2). The screens' routes come from the screen list
// (screens.ts, generated into ./screens.tsx); the host's own pages and redirects are here.
// The host is the only place that knows URLs. Every screen and page loads lazily.
import { lazy, Suspense } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router-dom';
import { SCREEN_ROUTES } from './screens';
import { Shell } from './Shell';
import { routeTo } from '../widgets/ui/routes';

// The host's own pages load on first visit, like the screens.
const pages = () => import('./pages');
const NotFound = lazy(() => pages().then((m) => ({ default: m.NotFound })));
const Terms = lazy(() => pages().then((m) => ({ default: m.Terms })));
const Privacy = lazy(() => pages().then((m) => ({ default: m.Privacy })));
const Maintenance = lazy(() => pages().then((m) => ({ default: m.Maintenance })));
const DocsDashboard = lazy(() => pages().then((m) => ({ default: m.DocsDashboard })));
const DocsApi = lazy(() => pages().then((m) => ({ default: m.DocsApi })));
const Support = lazy(() => pages().then((m) => ({ default: m.Support })));
const auth = () => import('./pages/Auth');
const SignIn = lazy(() => auth().then((m) => ({ default: m.SignIn })));
const AcceptInvitation = lazy(() => auth().then((m) => ({ default: m.AcceptInvitation })));
const Setup = lazy(() => auth().then((m) => ({ default: m.Setup })));

function ShipmentRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={routeTo.creatorPage(id, 'shipment/tracking')} replace />;
}

export const routes: RouteObject[] = [
  // The team server's public pages stand outside the shell: nothing of the workspace before sign-in.
  { path: '/signin', element: <Suspense fallback={null}><SignIn /></Suspense> },
  { path: '/invite/:token', element: <Suspense fallback={null}><AcceptInvitation /></Suspense> },
  { path: '/setup', element: <Suspense fallback={null}><Setup /></Suspense> },
  {
    element: <Shell />,
    children: [
      ...SCREEN_ROUTES,
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

