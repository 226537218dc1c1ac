import { useSignals } from '@preact/signals-react/runtime';
import { creatorLedger, ledgerMonths, monthOf } from '../../lib/domain/commission';
import { formatIsoDay, toZonedWallTime } from '../../lib/format';
import type { Funnel } from '../../lib/domain/types';
import { useWhyNot } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { useResultsMonths } from '../ui/useResultsTotals';

/**
 * An engagement's commission: its ledger from its attributed sales by month (the team server's
 * kept totals over the last ten years, or the browser's own sales without one) and the recorded
 * payments, and who may change what. The ledger is null while the server's totals are on their way
 * or could not be read (`salesError` says why).
 */
export function useCommission(funnel: Funnel) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const timeZone = store.admin.settings.value.value.timeZone;
  const today = formatIsoDay(toZonedWallTime(store.now(), timeZone));
  const payments = store.funnels.payments.items.value.filter((p) => p.funnelId === funnel.id);
  const range = ledgerMonths(monthOf(today));
  const sales = useResultsMonths(range.from, range.to, funnel.id);
  const ledger = sales.value ? creatorLedger({ terms: funnel, startDate: funnel.startDate, sales: sales.value, payments, today }) : null;
  return {
    ledger,
    salesLoading: sales.loading,
    salesError: sales.error,
    payments,
    today,
    timeZone,
    termsBlocked: whyNot('funnels.setCommissionTerms'),
    paymentBlocked: whyNot('payments.record'),
    saveTerms: (commissionPercent: number | null, flatFee: number | null) => store.funnels.setCommissionTerms(funnel.id, commissionPercent, flatFee),
    recordPayment: (payment: { paidOn: string; amount: number; reference: string }) => store.funnels.recordPayment(funnel.id, payment),
  };
}
