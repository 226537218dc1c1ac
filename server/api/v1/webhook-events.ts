// The webhook events the OpenAPI document declares (its `webhooks`), with the `data` each
// carries: the typed client gets their types from the same document as the routes'.
import * as v from 'valibot';
import { defineApiWebhook } from '../openapi';
import { attributionView, saleFiguresView } from './campaign';
import { ORDER_KINDS, ORDER_STATUSES } from '../../../lib/domain/types';

export const API_WEBHOOKS = {
  'order.attributed': defineApiWebhook({
    name: 'OrderAttributedEvent',
    summary:
      'A sale was attributed to a creator (on arrival from a shop or the API, or by hand), its attribution was removed, or an attributed sale was refunded. Its refunds and revenue after them come with it.',
    data: v.object({
      reason: v.pipe(v.picklist(['attributed', 'removed', 'refunded']), v.description('What changed: attributed (to a creator, or to another one), removed, or refunded (a refund took more back).')),
      order: v.object({
        id: v.string(),
        orderNumber: v.string(),
        status: v.picklist(ORDER_STATUSES),
        source: v.string(),
        total: v.number(),
        items: v.array(v.object({ sku: v.string(), quantity: v.number() })),
        kind: v.picklist(ORDER_KINDS),
        subtotal: v.pipe(v.number(), v.description('The goods after discounts, before tax and shipping.')),
        attribution: v.pipe(v.nullable(attributionView), v.description('The creator the sale is attributed to now; null once removed.')),
        ...saleFiguresView.entries,
      }),
      previousAttribution: v.pipe(v.nullable(attributionView), v.description('The attribution before this change; null when there was none.')),
    }),
  }),
};
