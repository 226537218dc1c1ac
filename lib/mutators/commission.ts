// Commission writes: an engagement's terms (staff who may edit), and a payment an Admin marks as
// made to a creator. The rules are lib/domain/commission.ts; money itself never moves here.
import * as v from 'valibot';
import { validatePayment, withCommissionTerms } from '../domain/commission';
import { message } from '../domain/messages';
import { accept, refuse, type CreatorPayment, type Funnel, type Result } from '../domain/types';
import { id, text } from './args';
import { defineMutator, idsFrom, nowOf, one } from './define';

const amount = v.pipe(v.number(), v.finite());
const termArg = v.nullable(amount);

/** The English of a term in the activity log ("10%", "$250.00", "none"): the log is read in any language later, with its values as given. */
const percentText = (percent: number | undefined) => (percent === undefined ? '—' : `${percent}%`);
const moneyText = (dollars: number | undefined) => (dollars === undefined ? '—' : `$${dollars.toFixed(2)}`);

/** Sets (or, with null, removes) an engagement's commission percentage and flat fee. */
export const setCommissionTerms = defineMutator({
  name: 'funnels.setCommissionTerms',
  args: v.object({ funnelId: id, commissionPercent: termArg, flatFee: termArg }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta): Result<Funnel> {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse('domain.funnels.gone');
    const result = withCommissionTerms(funnel, args, nowOf(meta));
    if (!result.ok) return result;
    const updated = result.value;
    if (updated.commissionPercent === funnel.commissionPercent && updated.flatFee === funnel.flatFee) return accept(funnel, 'domain.commission.saved');
    tx.put('funnels', updated);
    tx.log({
      action: message('activity.action.commissionTermsChanged'),
      actionType: 'funnel',
      details: message('activity.details.commissionTerms', { name: funnel.creatorName, percent: percentText(updated.commissionPercent), fee: moneyText(updated.flatFee) }),
      metadata: { funnelId: funnel.id },
    });
    return result;
  },
});

/** The latest calendar day anywhere (UTC+14): a payment dated today in the Admin's own time zone is never "in the future". */
const latestToday = (now: Date) => new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);

/** Records a payment made to a creator for an engagement (Admins only); the ledger counts it in the month of its date. */
export const recordPayment = defineMutator({
  name: 'payments.record',
  args: v.object({ funnelId: id, paidOn: text(20), amount, reference: text(200) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta): Result<CreatorPayment> {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse('domain.funnels.gone');
    const now = nowOf(meta);
    const checked = validatePayment(args, latestToday(now));
    if (!checked.ok) return checked;
    const payment: CreatorPayment = {
      id: idsFrom(meta)('pay'),
      funnelId: funnel.id,
      ...checked.value,
      recordedAt: now.toISOString(),
      recordedBy: tx.actor?.name ?? 'System',
    };
    tx.put('payments', payment, { prepend: true });
    const paid = moneyText(payment.amount);
    tx.log({
      action: message('activity.action.paymentRecorded'),
      actionType: 'creator',
      details: message('activity.details.paymentRecorded', { name: funnel.creatorName, amount: paid, date: payment.paidOn, reference: payment.reference }),
      metadata: { funnelId: funnel.id, paymentId: payment.id },
    });
    return accept(payment, 'domain.commission.paymentSaved', { amount: paid });
  },
});
