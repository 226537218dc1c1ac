// The creator's answers on their portal, and the allowance staff set for it. The portal
// mutators run only on the server, under a creator actor limited to one funnel (the funnel
// its link opens); each writes the funnel, an activity entry in the creator's name and a
// notification for the team, in one transaction.
import * as v from 'valibot';
import {
  acknowledgeBrief as acknowledgeBriefRule,
  chooseProducts as chooseProductsRule,
  completeStepByCreator,
  confirmCampaign,
  declineCampaign,
  handInDeliverables as handInDeliverablesRule,
  answersClosed,
  optOutOfEmail,
  orderToNewAddress,
  saveShippingAddress,
  setGiftAllowance as setGiftAllowanceRule,
} from '../domain/portal';
import { STEP_NAMES } from '../domain/funnels';
import { englishOf, listValue, message, type Message, type MessageKey } from '../domain/messages';
import { refuse, ok, type AppNotification, type Funnel, type NotificationMessage, type Result } from '../domain/types';
import { address, id, text } from './args';
import { all, defineMutator, idsFrom, nowOf, one } from './define';
import { applyStepSave } from './funnels';
import type { MutationMeta, WriteTx } from './types';

const funnelId = v.object({ funnelId: id });

/**
 * The funnel the creator may change, or the refusal: a creator actor reaches only its own funnel,
 * and a creator who opted out answers nothing more (`afterOptOut`: the page's language, the opt-out itself).
 */
function ownFunnel(tx: WriteTx, fid: string, afterOptOut = false): Result<Funnel> {
  if (!tx.actor?.creatorOf || tx.actor.creatorOf !== fid) return refuse('domain.portal.creatorOnly');
  const funnel = tx.get('funnels', fid);
  if (!funnel) return refuse('domain.funnels.gone');
  if (!afterOptOut && answersClosed(funnel)) return refuse('domain.portal.optedOutReadOnly');
  return ok(funnel);
}

/** The team hears of the answer: one unread notification at the top of Notifications. */
function notifyTeam(tx: WriteTx, meta: MutationMeta, said: NotificationMessage) {
  const notification: AppNotification = {
    // Its own prefix: a step save in the same mutation numbers its notifications from 'nt'.
    id: idsFrom(meta)('ntp'),
    type: 'email',
    title: englishOf(said.title),
    message: englishOf(said.message),
    timestamp: meta.now,
    read: false,
    snoozedUntil: null,
    said,
  };
  tx.put('notifications', notification, { prepend: true });
}

/** Writes the answered funnel, its activity entry ("Sarah Johnson confirmed") and the team's notification. */
function answer(tx: WriteTx, meta: MutationMeta, updated: Funnel, action: MessageKey, what: MessageKey, values: Message['values'] = {}): Result<Funnel> {
  tx.put('funnels', updated);
  const said = message(what, { name: updated.creatorName, ...values });
  tx.log({ action: message(action), actionType: 'creator', details: said, metadata: { funnelId: updated.id } });
  notifyTeam(tx, meta, { title: message('notifications.statusTitle', { name: updated.creatorName, status: message(action) }), message: said });
  return ok(updated);
}

/** Completes the step named `name` (its save advances the funnel as any step save does). */
function completeStep(tx: WriteTx, fid: string, name: (typeof STEP_NAMES)[number], meta: MutationMeta) {
  const funnel = tx.get('funnels', fid);
  const index = funnel?.steps.findIndex((s) => s.name === name) ?? -1;
  if (!funnel || index < 0 || funnel.steps[index].completed) return;
  const step = funnel.steps[index];
  applyStepSave(tx, fid, index, { name: step.name, description: step.description }, meta, completeStepByCreator);
}

export const setLanguage = defineMutator({
  name: 'portal.setLanguage',
  args: v.object({ funnelId: id, language: v.picklist(['en-US', 'es', 'fr'] as const) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args) {
    const own = ownFunnel(tx, args.funnelId, true);
    if (!own.ok) return own;
    // The creator's language is a preference, not news for the team: no entry, no notification.
    tx.put('funnels', { ...own.value, portal: { ...own.value.portal, language: args.language } });
    return ok(own.value);
  },
});

export const confirm = defineMutator({
  name: 'portal.confirm',
  args: funnelId,
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId);
    if (!own.ok) return own;
    const result = confirmCampaign(own.value, nowOf(meta));
    if (!result.ok) return result;
    answer(tx, meta, result.value, 'activity.action.creatorConfirmed', 'activity.details.creatorConfirmed');
    completeStep(tx, args.funnelId, 'Creator Confirmation', meta);
    return ok(tx.get('funnels', args.funnelId) ?? result.value);
  },
});

export const decline = defineMutator({
  name: 'portal.decline',
  args: funnelId,
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId);
    if (!own.ok) return own;
    const result = declineCampaign(own.value, nowOf(meta));
    if (!result.ok) return result;
    return answer(tx, meta, { ...result.value, activity: 'Paused' }, 'activity.action.creatorDeclined', 'activity.details.creatorDeclined');
  },
});

/**
 * The creator's shipping address. Their gift order (`orderId`, which the server takes from the
 * funnel, never from the page) ships to it while New, and the team is told; from Processing on
 * the change is refused and nothing changes.
 */
export const saveAddress = defineMutator({
  name: 'portal.saveAddress',
  args: v.object({ funnelId: id, address, orderId: v.optional(id) }),
  reads: (args) => [one('funnels', args.funnelId), ...(args.orderId ? [one('orders', args.orderId)] : [])],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId);
    if (!own.ok) return own;
    const orderId = own.value.portal?.orderId;
    const result = saveShippingAddress(own.value, args.address, nowOf(meta));
    if (!result.ok) return result;
    const order = orderToNewAddress(orderId && orderId === args.orderId ? tx.get('orders', orderId) : undefined, result.value.portal!.address!, nowOf(meta));
    if (!order.ok) return order;
    if (order.value) {
      tx.put('orders', order.value);
      return answer(tx, meta, result.value, 'activity.action.creatorChangedOrderAddress', 'activity.details.creatorChangedOrderAddress', {
        order: order.value.orderNumber,
        city: order.value.shippingAddress.city,
      });
    }
    return answer(tx, meta, result.value, 'activity.action.creatorGaveAddress', 'activity.details.creatorGaveAddress');
  },
});

export const chooseProducts = defineMutator({
  name: 'portal.chooseProducts',
  args: v.object({ funnelId: id, productIds: v.pipe(v.array(id), v.maxLength(100)) }),
  reads: (args) => [one('funnels', args.funnelId), all('inventory'), all('orders')],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId);
    if (!own.ok) return own;
    const result = chooseProductsRule(own.value, args.productIds, tx.scan('inventory'), tx.scan('orders'), nowOf(meta), idsFrom(meta));
    if (!result.ok) return result;
    const { order, inventory } = result.value;
    tx.put('orders', order, { prepend: true });
    for (const item of inventory) tx.put('inventory', item);
    tx.log({ action: message('activity.action.orderCreated'), actionType: 'system', details: message('activity.byAction.orderCreated', { order: order.orderNumber, customer: order.customerName }) });
    return answer(tx, meta, result.value.funnel, 'activity.action.creatorChoseProducts', 'activity.details.creatorChose', { products: listValue(order.items.map((i) => i.name)) });
  },
});

export const acknowledgeBrief = defineMutator({
  name: 'portal.acknowledgeBrief',
  args: funnelId,
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId);
    if (!own.ok) return own;
    if (own.value.portal?.briefAcknowledgedAt) return ok(own.value);
    const result = acknowledgeBriefRule(own.value, nowOf(meta));
    if (!result.ok) return result;
    answer(tx, meta, result.value, 'activity.action.creatorAcknowledgedBrief', 'activity.details.creatorAcknowledgedBrief');
    completeStep(tx, args.funnelId, 'Creative Brief Delivery', meta);
    return ok(tx.get('funnels', args.funnelId) ?? result.value);
  },
});

export const handInDeliverables = defineMutator({
  name: 'portal.handInDeliverables',
  args: v.object({ funnelId: id, links: v.pipe(v.array(v.object({ url: text(2000), note: text(2000) })), v.maxLength(50)) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId);
    if (!own.ok) return own;
    const result = handInDeliverablesRule(own.value, args.links, nowOf(meta));
    if (!result.ok) return result;
    // Final Deliverables stays open: staff review the links and complete it themselves.
    const count = result.value.portal?.deliverableLinks?.length ?? 0;
    return answer(tx, meta, result.value, 'activity.action.creatorHandedIn', count === 1 ? 'activity.details.creatorHandedInOne' : 'activity.details.creatorHandedInMany', { count });
  },
});

export const optOut = defineMutator({
  name: 'portal.optOut',
  args: funnelId,
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const own = ownFunnel(tx, args.funnelId, true);
    if (!own.ok) return own;
    if (own.value.portal?.optedOutAt) return ok(own.value);
    const result = optOutOfEmail(own.value, nowOf(meta));
    if (!result.ok) return result;
    return answer(tx, meta, result.value, 'activity.action.creatorOptedOut', 'activity.details.creatorOptedOut');
  },
});

export const setGiftAllowance = defineMutator({
  name: 'funnels.setGiftAllowance',
  args: v.object({ funnelId: id, maxItems: v.pipe(v.number(), v.finite()), maxValue: v.pipe(v.number(), v.finite()) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse<Funnel>('domain.funnels.gone');
    const result = setGiftAllowanceRule(funnel, { maxItems: args.maxItems, maxValue: args.maxValue }, nowOf(meta));
    if (!result.ok) return result;
    tx.put('funnels', result.value);
    tx.log({
      action: message('activity.action.giftAllowanceSaved'),
      actionType: 'funnel',
      details: message('activity.details.giftAllowance', { name: funnel.creatorName, count: args.maxItems, value: args.maxValue }),
      metadata: { funnelId: funnel.id },
    });
    return result;
  },
});
