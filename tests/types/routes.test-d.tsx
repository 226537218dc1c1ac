// Type tests, checked by `tsc` (the type check of `npm test`), never run: the host's lazy
// screens keep their props, so a route that passes a wrong prop (in screens.ts, generated into
// host/screens.tsx) fails to compile. Each
// `@ts-expect-error` line must be an error, or tsc reports the directive as unused.
import { CreatorDetail, Inventory, Orders, Settings } from '../../host/screens';

export const typedRoutes = [
  <Orders key="orders" orderId="ord_1" />,
  <Inventory key="inventory" defaultSearch="tripod" defaultLowStockOnly />,
  <CreatorDetail key="creator" creatorId="CR12345" step="Brief" />,
  <Settings key="settings" tab="team" onTabChange={(tab: string) => tab} />,

  // @ts-expect-error Orders takes orderId, not orderNumber
  <Orders key="wrong-name" orderNumber={42} />,
  // @ts-expect-error orderId is a string
  <Orders key="wrong-type" orderId={42} />,
  // @ts-expect-error creatorId is required
  <CreatorDetail key="missing" />,
  // @ts-expect-error defaultLowStockOnly is a boolean
  <Inventory key="inventory-flag" defaultLowStockOnly="yes" />,
];
