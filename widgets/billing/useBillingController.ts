import { useSignals } from '@preact/signals-react/runtime';
import { invoiceFileName, invoiceRows } from '../../lib/domain/billing';
import type { Invoice } from '../../lib/domain/types';
import { toCsv } from '../../lib/csv';
import { formatDay, formatIsoDay, toZonedWallTime } from '../../lib/format';
import { downloadText } from '../ui/download';
import { useStore } from '../ui/store-context';
import { showResult, toast } from '../ui/toast';

/** Billing: plan, usage from the workspace, invoices (downloadable), plan changes. */
export function useBillingController() {
  useSignals();
  const store = useStore();
  const settings = store.admin.settings.value.value;
  const plan = store.admin.plan.value.value;

  function downloadInvoice(invoice: Invoice) {
    const day = formatIsoDay(toZonedWallTime(new Date(invoice.date), settings.timeZone));
    const { headers, rows } = invoiceRows(invoice, settings.companyName, day);
    downloadText(invoiceFileName(invoice), toCsv(headers, rows));
    toast.success(`Downloaded ${invoiceFileName(invoice)}`);
  }

  return {
    plan,
    usage: store.admin.usage.value,
    invoices: store.admin.invoices.items.value,
    timeZone: settings.timeZone,
    renewal: formatDay(plan.renewalDate, settings.timeZone),
    blocked: store.session.whyNot('manageTeam'),
    downloadInvoice,
    changePlan: (name: string) => showResult(store.admin.changePlan(name)),
  };
}
