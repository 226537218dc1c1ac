/**
 * `<cf-funnel-board>`: the funnel list (search, filter popover and chips, virtualized cards
 * with priority star, outreach, expandable step timeline).
 * `<cf-funnel-dashboard>`: the Funnel Dashboard (tabs Dashboard and Analytics, the widget grid).
 * `<cf-dashboard-overview>`: the Dashboard variant with the Performance Overview card.
 * All read the page-wide store, so a change in one shows in the others at once.
 *
 * @attr search - initial search text (creator name or funnel id); changing it restarts the list
 * @attr filter - a dashboard filter: match_rate_top10, collab_success_top10, engagement_top10, sales_top10 (on cf-funnel-dashboard also top_creators, price_optimization)
 * @attr creator - a creator handle (or funnel id) whose card is selected
 * @attr expand - boolean; expands the selected creator's card
 * @attr metric - cf-funnel-dashboard only: opens the Analytics tab filtered by this metric
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
 * @csspart widget - one dashboard widget
 * @csspart performance - the Performance Overview
 */
import { DashboardOverview, FunnelBoard, FunnelDashboard, type FunnelBoardProps } from '../funnel-board';
import { defineScreenElement } from './define';

/** The `search` attribute seeds the board's search; typing does not write it back. */
function FunnelBoardElement({ search, ...seeds }: Pick<FunnelBoardProps, 'search' | 'filter' | 'creator' | 'expand'>) {
  return <FunnelBoard defaultSearch={search} {...seeds} />;
}

export const CfFunnelBoard = defineScreenElement('cf-funnel-board', FunnelBoardElement, { search: 'string', filter: 'string', creator: 'string', expand: 'boolean' });
export const CfFunnelDashboard = defineScreenElement('cf-funnel-dashboard', FunnelDashboard, { search: 'string', filter: 'string', metric: 'string' });
export const CfDashboardOverview = defineScreenElement('cf-dashboard-overview', DashboardOverview, { filter: 'string', creator: 'string', expand: 'boolean' });


// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
