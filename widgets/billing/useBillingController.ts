import { useSignals } from '@preact/signals-react/runtime';
import { invoiceFileName, invoiceRows } from '../../lib/domain/billing';
import type { Invoice } from '../../lib/domain/types';
import { toCsv } from '../../lib/csv';
import { formatIsoDay, toZonedWallTime } from '../../lib/format';
import { downloadText } from '../ui/download';
import { useT, useWhyNot } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { showResult, toast } from '../ui/toast';

/** Billing: plan, usage from the workspace, invoices (downloadable), plan changes. */
export function useBillingController() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const { t } = useT();
  const settings = store.admin.settings.value.value;
  const plan = store.admin.plan.value.value;

  function downloadInvoice(invoice: Invoice) {
    const day = formatIsoDay(toZonedWallTime(new Date(invoice.date), settings.timeZone));
    const { headers, rows } = invoiceRows(invoice, settings.companyName, day);
    downloadText(invoiceFileName(invoice), toCsv(headers, rows));
    toast.success(t('billing.downloaded', { name: invoiceFileName(invoice) }));
  }

  return {
    plan,
    usage: store.admin.usage.value,
    invoices: store.admin.invoices.items.value,
    timeZone: settings.timeZone,
    blocked: whyNot('manageTeam'),
    downloadInvoice,
    changePlan: (name: string) => showResult(store.admin.changePlan(name)),
  };
}
