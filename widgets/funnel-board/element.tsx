/**
 * `<cf-funnel-board>`: the funnel list (search, filter popover and chips, virtualized cards
 * with priority star, outreach, expandable step timeline).
 * `<cf-funnel-dashboard>`: the Funnel Dashboard (tabs Dashboard and Analytics, the widget grid).
 * `<cf-dashboard-overview>`: the Dashboard variant with the Performance Overview card.
 * All read the page-wide store, so a change in one shows in the others at once.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 *   (card or name: /creator/{id}; step: /creator/{id}?step={name}; after outreach: /dashboard?creator={handle};
 *   KPI tile: /dashboard?filter={id})
 * @csspart root - the screen's root
 * @csspart toolbar - search, filters and chips
 * @csspart funnel-list - the scrolling list of cards
 * @csspart funnel-card - one funnel card
 * @csspart grid - the dashboard widget grid (cf-funnel-dashboard)
 * @csspart widget - one dashboard widget (cf-funnel-dashboard)
 * @csspart performance - the Performance Overview (cf-funnel-dashboard, cf-dashboard-overview)
 */
import { DashboardOverview, FunnelBoard, FunnelDashboard, type FunnelBoardProps } from './index';
import { defineScreenElement } from '../elements/define';

/** The `search` attribute seeds the board's search; typing does not write it back. */
function FunnelBoardElement({ search, ...seeds }: Pick<FunnelBoardProps, 'search' | 'filter' | 'creator' | 'expand'>) {
  return <FunnelBoard defaultSearch={search} {...seeds} />;
}

export const CfFunnelBoard = defineScreenElement('cf-funnel-board', FunnelBoardElement);
export const CfFunnelDashboard = defineScreenElement('cf-funnel-dashboard', FunnelDashboard);
export const CfDashboardOverview = defineScreenElement('cf-dashboard-overview', DashboardOverview);


// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
