// Funnel rules of spec §4. The funnel-board issue extends this file.
import { FUNNEL_STATUSES, type Funnel, type FunnelStatus, type Step } from './types';

export const STEP_NAMES = [
  'Creator Confirmation',
  'Product Shipment',
  'Creative Brief Delivery',
  'Content Production',
  'Review & Feedback',
  'Final Deliverables',
  'Deployment & Tracking',
] as const;

export const STEP_DESCRIPTIONS: Record<(typeof STEP_NAMES)[number], string> = {
  'Creator Confirmation': 'Creator agrees to the campaign terms.',
  'Product Shipment': 'Product is packed and shipped to the creator.',
  'Creative Brief Delivery': 'The creative brief is delivered and acknowledged.',
  'Content Production': 'The creator produces the agreed content.',
  'Review & Feedback': 'Brand reviews drafts and sends feedback.',
  'Final Deliverables': 'Final content is delivered and approved.',
  'Deployment & Tracking': 'Optional post-funnel step: content goes live and is tracked.',
};

export const statusIndex = (status: FunnelStatus) => FUNNEL_STATUSES.indexOf(status);

/** Sample data builds steps from status: steps before the status index are completed, the one at it is current (spec §4). */
export function buildStepsFromStatus(status: FunnelStatus): Step[] {
  const at = statusIndex(status);
  return STEP_NAMES.map((name, index) => ({
    name,
    description: STEP_DESCRIPTIONS[name],
    completed: index < at,
    current: index === at,
  }));
}

/** Progress percent is (current step index + 1) / step count, rounded (spec §4). */
export function progressPercentage(steps: readonly Step[]): number {
  if (steps.length === 0) return 0;
  const current = steps.findIndex((step) => step.current);
  return Math.round(((current < 0 ? 0 : current) + 1) / steps.length * 100);
}

export const FUNNEL_STATUS_COLOR: Record<FunnelStatus, 'orange' | 'green' | 'yellow' | 'purple' | 'blue'> = {
  Brief: 'orange',
  Confirmation: 'green',
  Contract: 'yellow',
  Production: 'purple',
  Shipped: 'blue',
};

export type { Funnel };
