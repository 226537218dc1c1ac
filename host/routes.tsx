// The route table: the spec's route list (§2), query parameters mapped to widget props.
// The host is the only place that knows URLs.
import { lazy } from 'react';
import { createBrowserRouter, useParams, useSearchParams, type RouteObject } from 'react-router-dom';
import { Shell } from './Shell';

const Inventory = lazy(() => import('../widgets/inventory').then((m) => ({ default: m.Inventory })));
const NotFound = lazy(() => import('./pages/NotFound').then((m) => ({ default: m.NotFound })));

function InventoryRoute() {
  const [params] = useSearchParams();
  return <Inventory defaultSearch={params.get('search') ?? ''} />;
}

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    children: [
      { path: '/inventory', element: <InventoryRoute /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
export { useParams };
