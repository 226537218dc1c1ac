import { useSignals } from '@preact/signals-react/runtime';
import { creatorLedger, attributedSalesByMonth } from '../../lib/domain/commission';
import { formatIsoDay, toZonedWallTime } from '../../lib/format';
import type { Funnel } from '../../lib/domain/types';
import { useWhyNot } from '../ui/i18n';
import { useStore } from '../ui/store-context';

/** An engagement's commission: its ledger from the attributed sales and recorded payments, and who may change what. */
export function useCommission(funnel: Funnel) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const timeZone = store.admin.settings.value.value.timeZone;
  const today = formatIsoDay(toZonedWallTime(store.now(), timeZone));
  const payments = store.funnels.payments.items.value.filter((p) => p.funnelId === funnel.id);
  const sales = attributedSalesByMonth(store.orders.items.items.value.filter((o) => o.attribution?.funnelId === funnel.id)).get(funnel.id) ?? [];
  const ledger = creatorLedger({ terms: funnel, startDate: funnel.startDate, sales, payments, today });
  return {
    ledger,
    payments,
    today,
    timeZone,
    termsBlocked: whyNot('funnels.setCommissionTerms'),
    paymentBlocked: whyNot('payments.record'),
    saveTerms: (commissionPercent: number | null, flatFee: number | null) => store.funnels.setCommissionTerms(funnel.id, commissionPercent, flatFee),
    recordPayment: (payment: { paidOn: string; amount: number; reference: string }) => store.funnels.recordPayment(funnel.id, payment),
  };
}
