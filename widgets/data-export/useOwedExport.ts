import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { monthOf, OWED_CSV_HEADERS, owedCsvRows, owedFileName, owedForPeriod, validateMonthRange } from '../../lib/domain/commission';
import { toCsv } from '../../lib/csv';
import { formatIsoDay, toZonedWallTime } from '../../lib/format';
import { downloadText } from '../ui/download';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { toast } from '../ui/toast';

/** What is owed to creators for a period of months, as a CSV file: built from the ledger rules, never a payment. */
export function useOwedExport() {
  useSignals();
  const store = useStore();
  const { t, say } = useT();
  const timeZone = store.admin.settings.value.value.timeZone;
  const today = formatIsoDay(toZonedWallTime(store.now(), timeZone));
  const [from, setFrom] = useState(monthOf(today));
  const [to, setTo] = useState(monthOf(today));
  const range = validateMonthRange({ from, to });

  function download() {
    if (!range.ok) return;
    const rows = owedForPeriod(store.admin.workspaceFunnels.peek(), store.orders.items.items.peek(), store.funnels.payments.items.peek(), range.value, today);
    const name = owedFileName(range.value);
    downloadText(name, toCsv(OWED_CSV_HEADERS, owedCsvRows(rows)));
    toast.success(t('commission.export.done', { count: rows.length, name }));
  }

  return { from, setFrom, to, setTo, rangeError: range.ok ? null : range.problem ? say(range.problem) : range.error, download };
}
