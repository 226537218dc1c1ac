// The webhook events the consumer example's campaign (examples/react-consumer/src/campaign.ts)
// makes, one per change, as "type id status" lines sorted (the worker sends them in any order).
import type { CampaignResult } from '../../examples/react-consumer/src/campaign';

export type WebhookEvent = { type: string; data: Record<string, Record<string, string | number> | undefined> };

/** One line per verified event: its type, the record's id and status (or an item's SKU and quantity). */
export const eventLines = (events: WebhookEvent[]) =>
  events
    .map((e) => `${e.type} ${String(e.data.funnel?.id ?? e.data.order?.id ?? e.data.item?.sku ?? '')} ${String(e.data.funnel?.status ?? e.data.order?.status ?? e.data.item?.quantity ?? '')}`.trim())
    .sort();

/** What the campaign's changes send: two onboarded creators, three funnel moves, the order made and moved to Processing. */
export function campaignEventLines(result: CampaignResult) {
  const suggestedId = /moved (CR\d+)/.exec(result.funnelStatus)![1];
  return [
    `creator.onboarded ${result.creatorId} Brief`,
    `creator.onboarded ${suggestedId} Brief`,
    `funnel.status.updated ${result.creatorId} Confirmation`,
    `funnel.status.updated ${result.creatorId} Contract`,
    `funnel.status.updated ${suggestedId} Confirmation`,
    `order.created ${result.orderId} New`,
    `order.status.updated ${result.orderId} Processing`,
  ].sort();
}
