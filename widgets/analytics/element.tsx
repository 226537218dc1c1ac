/**
 * `<cf-analytics>`: the Analytics screen, computed from the workspace's funnels and orders.
 * recharts loads on first render.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Back to Dashboard, actions)
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart cards - the Conversion Rate and Average ROI cards
 * @csspart chart - each chart
 * @csspart heatmap - the Performance Heatmap
 * @csspart next-best-actions - the AI Next Best Actions
 */
import { Analytics } from './Analytics';
import { defineScreenElement } from '../elements/define';

interface AnalyticsElementProps {
  metric?: string;
  period?: string;
}

function AnalyticsElement({ metric, period }: AnalyticsElementProps) {
  return <Analytics metric={metric || undefined} period={period} />;
}

export const CfAnalytics = defineScreenElement('cf-analytics', AnalyticsElement);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
