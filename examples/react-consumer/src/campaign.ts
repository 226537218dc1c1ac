// A campaign run end to end through creatorflow/client: add a creator, start a second funnel
// for a known creator when the first is finished (here: a suggested one), complete two steps,
// send outreach, take an order, move it to Processing and read the stock back. The npm
// consumer check type-checks it against the packed package; the repo's tests run it against a
// real team server.
import type { CreatorflowClient } from 'creatorflow/client';

export interface CampaignResult {
  creatorId: string;
  funnelStatus: string;
  orderId: string;
  orderStatus: string;
  stock: { sku: string; quantity: number }[];
}

/** Throws with the API's own sentence when a call is refused. */
function must<T>(result: { data?: T; error?: { error: string; field?: string }; response: Response }): T {
  if (result.data === undefined) throw new Error(`${result.response.status}: ${result.error?.error ?? 'no answer'}${result.error?.field ? ` (${result.error.field})` : ''}`);
  return result.data;
}

export async function runCampaign(api: CreatorflowClient, handle: string, sku: string): Promise<CampaignResult> {
  const creator = must(await api.POST('/api/v1/creators', { body: { name: 'Client Creator', handle, platform: 'Instagram', followers: 25_000, engagementRate: 4.2 } }));
  const suggested = must(await api.POST('/api/v1/funnels', { body: { creatorId: 'SC1', type: 'Product Review' } }));
  must(await api.POST('/api/v1/funnels/{id}/steps/{step}/complete', { params: { path: { id: creator.id, step: '2' } }, body: { description: 'Confirmed' } }));
  must(await api.POST('/api/v1/funnels/{id}/steps/{step}/complete', { params: { path: { id: creator.id, step: '3' } }, body: {} }));
  const reached = must(await api.POST('/api/v1/funnels/{id}/outreach', { params: { path: { id: suggested.id } }, body: { message: 'Welcome aboard' } }));
  const order = must(
    await api.POST('/api/v1/orders', {
      body: {
        source: 'Direct',
        customerName: 'Client Buyer',
        customerEmail: 'buyer@example.com',
        shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
        items: [{ sku, quantity: 1 }],
      },
    }),
  );
  const processing = must(await api.PATCH('/api/v1/orders/{id}', { params: { path: { id: order.id } }, body: { status: 'Processing' } }));
  const stock: CampaignResult['stock'] = [];
  for await (const item of api.list('/api/v1/inventory')) stock.push({ sku: item.sku, quantity: item.quantity });
  const funnel = must(await api.GET('/api/v1/funnels/{id}', { params: { path: { id: creator.id } } }));
  return { creatorId: creator.id, funnelStatus: `${funnel.status}; outreach moved ${reached.id} to ${reached.status}`, orderId: processing.id, orderStatus: processing.status, stock };
}
