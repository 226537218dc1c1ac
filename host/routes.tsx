// The route table: the spec's route list (§2). The screens' routes come from the screen list
// (screens.ts, generated into ./screens.tsx); the host's own pages and redirects are here.
// The host is the only place that knows URLs. Every screen and page loads lazily.
import { Suspense } from 'react';
import { Navigate, useParams, type RouteObject } from 'react-router-dom';
import { lazyScreen } from './lazy';
import { SCREEN_ROUTES } from './screens';
import { routeTo } from '../widgets/ui/routes';

/** What a route may carry in `handle`: the import of what it shows, started before it renders. */
export interface RouteHandle {
  preload?: () => Promise<unknown>;
}

/** Starts loading what a route shows; a failure is left to the render, which imports it again and shows the error. */
export function preloadRoute(route: RouteObject): Promise<unknown> {
  return (route.handle as RouteHandle | undefined)?.preload?.().catch(() => undefined) ?? Promise.resolve();
}

// The shell and the store come after the entry: the sign-in pages load neither.
const Shell = lazyScreen(() => import('./workspace'), (m) => m.startWorkspace());

// The host's own pages load on first visit, like the screens.
const pages = () => import('./pages');
const NotFound = lazyScreen(pages, (m) => m.NotFound);
const Terms = lazyScreen(pages, (m) => m.Terms);
const Privacy = lazyScreen(pages, (m) => m.Privacy);
const Maintenance = lazyScreen(pages, (m) => m.Maintenance);
const DocsDashboard = lazyScreen(pages, (m) => m.DocsDashboard);
const DocsApi = lazyScreen(pages, (m) => m.DocsApi);
const Support = lazyScreen(pages, (m) => m.Support);
const auth = () => import('./pages/Auth');
const SignIn = lazyScreen(auth, (m) => m.SignIn);
const AcceptInvitation = lazyScreen(auth, (m) => m.AcceptInvitation);
const Setup = lazyScreen(auth, (m) => m.Setup);
const ForgotPassword = lazyScreen(auth, (m) => m.ForgotPassword);
const ResetPassword = lazyScreen(auth, (m) => m.ResetPassword);
const TwoFactorSetup = lazyScreen(auth, (m) => m.TwoFactorSetup);

function ShipmentRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={routeTo.creatorPage(id, 'shipment/tracking')} replace />;
}

export const routes: RouteObject[] = [
  // The team server's public pages stand outside the shell: nothing of the workspace before sign-in.
  { path: '/signin', element: <Suspense fallback={null}><SignIn /></Suspense>, handle: { preload: SignIn.preload } },
  { path: '/invite/:token', element: <Suspense fallback={null}><AcceptInvitation /></Suspense>, handle: { preload: AcceptInvitation.preload } },
  { path: '/forgot-password', element: <Suspense fallback={null}><ForgotPassword /></Suspense>, handle: { preload: ForgotPassword.preload } },
  { path: '/reset-password', element: <Suspense fallback={null}><ResetPassword /></Suspense>, handle: { preload: ResetPassword.preload } },
  { path: '/setup', element: <Suspense fallback={null}><Setup /></Suspense>, handle: { preload: Setup.preload } },
  { path: '/two-factor-setup', element: <Suspense fallback={null}><TwoFactorSetup /></Suspense>, handle: { preload: TwoFactorSetup.preload } },
  {
    element: (
      <Suspense fallback={null}>
        <Shell />
      </Suspense>
    ),
    handle: { preload: Shell.preload },
    children: [
      ...SCREEN_ROUTES,
      { path: '/terms', handle: { preload: Terms.preload }, element: <Terms /> },
      { path: '/privacy', handle: { preload: Privacy.preload }, element: <Privacy /> },
      { path: '/maintenance', handle: { preload: Maintenance.preload }, element: <Maintenance /> },
      { path: '/docs/dashboard', handle: { preload: DocsDashboard.preload }, element: <DocsDashboard /> },
      { path: '/docs/api', handle: { preload: DocsApi.preload }, element: <DocsApi /> },
      { path: '/support', handle: { preload: Support.preload }, element: <Support /> },
      // Breadcrumb parents that are not pages of their own lead somewhere sensible.
      { path: '/creator', element: <Navigate to="/funnel" replace /> },
      { path: '/creator/:id/shipment', element: <ShipmentRedirect /> },
      // The guides' index is the support page's list of them, readable signed out.
      { path: '/docs', element: <Navigate to="/support" replace /> },
      { path: '*', element: <NotFound />, handle: { preload: NotFound.preload } },
    ],
  },
];

