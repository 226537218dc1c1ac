import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { ledgerMonths, monthOf, OWED_CSV_HEADERS, owedCsvRows, owedFileName, owedForPeriod, salesByFunnel, validateMonthRange } from '../../lib/domain/commission';
import { toCsv } from '../../lib/csv';
import { formatIsoDay, toZonedWallTime } from '../../lib/format';
import { downloadText } from '../ui/download';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { readResultsMonths } from '../ui/useResultsTotals';
import { toast } from '../ui/toast';

/** What is owed to creators for a period of months, as a CSV file: built from the ledger rules over the attributed sales by month, never a payment. */
export function useOwedExport() {
  useSignals();
  const store = useStore();
  const { t, say } = useT();
  const timeZone = store.admin.settings.value.value.timeZone;
  const today = formatIsoDay(toZonedWallTime(store.now(), timeZone));
  const [from, setFrom] = useState(monthOf(today));
  const [to, setTo] = useState(monthOf(today));
  const range = validateMonthRange({ from, to });

  /** Reads the attributed sales by month (the ten years up to the period's end, for the balance) and writes the file. */
  async function download() {
    if (!range.ok) return;
    const months = ledgerMonths(range.value.to);
    const sales = await readResultsMonths(store, months.from, months.to);
    if (!sales.ok) {
      toast.error(t('commission.export.failed', { reason: sales.error }));
      return;
    }
    const rows = owedForPeriod(store.admin.workspaceFunnels.peek(), salesByFunnel(sales.value), store.funnels.payments.items.peek(), range.value, today);
    const name = owedFileName(range.value);
    downloadText(name, toCsv(OWED_CSV_HEADERS, owedCsvRows(rows)));
    toast.success(t('commission.export.done', { count: rows.length, name }));
  }

  return { from, setFrom, to, setTo, rangeError: range.ok ? null : range.problem ? say(range.problem) : range.error, download };
}
