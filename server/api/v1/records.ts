// The public API's routes for one record: read an order or an inventory item, change an
// order (status, tracking, notes), add an inventory item. Each write runs the screens'
// mutators as the key; reads are index look-ups in the key's workspace.
import { addTag } from '../../../lib/domain/funnels';
import { missingTrackingField } from '../../../lib/domain/orders';
import type { InventoryItem, Order } from '../../../lib/domain/types';
import { HttpError } from '../../context';
import type { ApiKeyRow } from '../keys';
import { API_ROUTES } from './declarations';
import { creatorProfileOf, orderOf, type ApiKit } from './campaign';

type OrderChange = { status?: Order['status']; trackingNumber?: string; carrierName?: string; notes?: string };

/**
 * The parts of an order change the API shape refuses before anything is written: none at all
 * (400), a tracking number without its carrier or the other way round, or tracking with a
 * status other than Shipped (422 naming the field).
 */
function checkOrderChange(change: OrderChange) {
  const { status, trackingNumber, carrierName, notes } = change;
  if (status === undefined && trackingNumber === undefined && carrierName === undefined && notes === undefined)
    throw new HttpError(400, 'Send at least one of status, trackingNumber, carrierName and notes');
  if (trackingNumber === undefined && carrierName === undefined) return;
  const missing = missingTrackingField({ trackingNumber, carrierName });
  if (missing) throw new HttpError(422, `${missing} is required with ${missing === 'carrierName' ? 'trackingNumber' : 'carrierName'}: shipping needs both`, missing);
  if (status !== undefined && status !== 'Shipped') throw new HttpError(422, 'An order given a tracking number is Shipped: send status Shipped or leave status out', 'status');
}

/** Interest tags as the Profile Optimizer adds them one by one (trimmed, none blank, none twice in any letter case); the first refused is a 422 naming it. */
function checkedTags(tags: readonly string[]) {
  let kept: string[] = [];
  tags.forEach((tag, index) => {
    const added = addTag(kept, tag);
    if (!added.ok) throw new HttpError(422, added.error, `interestTags.${index}`);
    kept = added.value;
  });
  return kept;
}

export function recordRoutes(kit: ApiKit) {
  const r = API_ROUTES;
  const { route, apiKeyOf, find, mayRun, mutate, mutateOnce } = kit;

  async function orderOr404(key: ApiKeyRow, id: string) {
    const [found] = await find(key, 'orders', { ids: [id] });
    if (!found) throw new HttpError(404, `No order ${id}`);
    return found;
  }

  route(r.getOrder, async (request) => orderOf(await orderOr404(apiKeyOf(request), request.params.id)));

  route(r.getInventoryItem, async (request) => {
    const [found] = await find(apiKeyOf(request), 'inventory', { keys: [request.params.sku.trim()] });
    if (!found) throw new HttpError(404, `No inventory item with SKU ${request.params.sku}`);
    return kit.itemOf(found);
  });

  /**
   * The stock-moving part first (Save & Ship with tracking, else the status), then the notes,
   * which no rule refuses: a refusal of the first leaves the order as it was.
   */
  route(r.updateOrder, async (request) => {
    const key = apiKeyOf(request);
    const change = request.body;
    mayRun(key, 'orders.changeStatus');
    checkOrderChange(change);
    const { id } = await orderOr404(key, request.params.id);
    let order: Order | undefined;
    if (change.trackingNumber !== undefined && change.carrierName !== undefined)
      order = (await mutate(request, key, 'orders.shipWithTracking', { id, draft: { trackingNumber: change.trackingNumber, carrierName: change.carrierName } })) as Order;
    else if (change.status !== undefined) order = (await mutate(request, key, 'orders.changeStatus', { id, status: change.status })) as Order;
    if (change.notes !== undefined) order = (await mutate(request, key, 'orders.saveNotes', { id, notes: change.notes })) as Order;
    return orderOf(order!);
  });

  /** The bio, then the tags: neither is refused by a rule once the tags are checked, so the change is whole or nothing. */
  route(r.updateCreator, async (request) => {
    const key = apiKeyOf(request);
    const { bio, interestTags } = request.body;
    mayRun(key, 'funnels.updateBio');
    if (bio === undefined && interestTags === undefined) throw new HttpError(400, 'Send at least one of bio and interestTags');
    const tags = interestTags && checkedTags(interestTags);
    const [found] = await find(key, 'funnels', { ids: [request.params.id] });
    if (!found) throw new HttpError(404, `No creator ${request.params.id}`);
    if (bio !== undefined) await mutate(request, key, 'funnels.updateBio', { funnelId: found.id, bio });
    if (tags) await mutate(request, key, 'funnels.setInterestTags', { funnelId: found.id, tags });
    const [updated] = await find(key, 'funnels', { ids: [found.id] });
    return creatorProfileOf(updated, await find(key, 'funnels', { keys: [updated.creatorHandle] }));
  });

  route(r.createInventoryItem, async (request, reply) => {
    mayRun(apiKeyOf(request), 'inventory.addItem');
    return mutateOnce(request, reply, 'inventory.addItem', { draft: request.body }, (value) => ({ statusCode: 201, body: kit.itemOf(value as InventoryItem) }));
  });
}
