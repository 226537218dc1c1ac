/**
 * `<cf-funnel-board>`: the FunnelBoard screen. Attributes: `search`, `filter`, `creator`, `expand`.
 * `<cf-funnel-dashboard>`: the FunnelDashboard screen. Attributes: `search`, `filter`, `metric`.
 * `<cf-dashboard-overview>`: the DashboardOverview screen. Attributes: `filter`, `creator`, `expand`.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { DashboardOverview, FunnelBoard, FunnelDashboard } from '../funnel-board';
import { defineScreenElement } from './define';

export const CfFunnelBoard = defineScreenElement('cf-funnel-board', FunnelBoard, { search: 'string', filter: 'string', creator: 'string', expand: 'boolean' });
export const CfFunnelDashboard = defineScreenElement('cf-funnel-dashboard', FunnelDashboard, { search: 'string', filter: 'string', metric: 'string' });
export const CfDashboardOverview = defineScreenElement('cf-dashboard-overview', DashboardOverview, { filter: 'string', creator: 'string', expand: 'boolean' });
