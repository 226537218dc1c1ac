import { useSignals } from '@preact/signals-react/runtime';
import { subDays } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { exportFileName } from '../../lib/domain/constants';
import { buildExport, EXPORT_TYPES, exportTypeById, validateDateRange } from '../../lib/domain/csv-export';
import type { ExportTypeId } from '../../lib/domain/types';
import { toCsv } from '../../lib/csv';
import { formatIsoDay, toZonedWallTime } from '../../lib/format';
import { zipStore } from '../../lib/zip';
import { downloadBytes, downloadText } from '../ui/download';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { showResult, toast } from '../ui/toast';

/** Days before today the start date defaults to. */
export const DEFAULT_EXPORT_DAYS = 90;

/** CSV export: choose a type, a date range and fields; Download CSV builds the real rows. */
export function useDataExportController() {
  useSignals();
  const store = useStore();
  const { t, say } = useT();
  const timeZone = store.admin.settings.value.value.timeZone;
  const dayIn = (iso: string | Date) => formatIsoDay(toZonedWallTime(typeof iso === 'string' ? new Date(iso) : iso, timeZone));
  const today = dayIn(store.now());
  const [type, setType] = useState<ExportTypeId | null>(null);
  const [fields, setFields] = useState<string[]>([]);
  const [start, setStart] = useState(() => dayIn(subDays(store.now(), DEFAULT_EXPORT_DAYS)));
  const [end, setEnd] = useState(today);
  const [exporting, setExporting] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);

  const rangeCheck = validateDateRange({ start, end });

  function chooseType(id: ExportTypeId) {
    setType(id);
    setFields([...(exportTypeById(id)?.fields ?? [])]);
  }

  function toggleField(field: string) {
    setFields((current) => (current.includes(field) ? current.filter((f) => f !== field) : [...current, field]));
  }

  async function download() {
    if (!type || exporting) return;
    setExporting(true);
    // Let 'Exporting...' paint before the file is built.
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const all = store.admin.workspaceFunnels.peek();
      const built = buildExport({ type, fields, range: { start, end } }, all, (iso) => dayIn(iso));
      if (!built.ok) {
        showResult(built);
        return;
      }
      const name = exportFileName(type, dayIn(store.now()));
      downloadText(name, toCsv(built.value.headers, built.value.rows));
      const count = built.value.rows.length;
      toast.success(t('export.rowsDone', { count, name }));
    } finally {
      if (mounted.current) setExporting(false);
    }
  }

  /** The whole workspace: every export type with every field and every date, one CSV each, in a ZIP. */
  async function downloadAll() {
    if (exporting) return;
    setExporting(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    try {
      const all = store.admin.workspaceFunnels.peek();
      const day = dayIn(store.now());
      const files = [];
      for (const exportType of EXPORT_TYPES) {
        const built = buildExport({ type: exportType.id, fields: [...exportType.fields], range: { start: '0000-01-01', end: '9999-12-31' } }, all, (iso) => dayIn(iso));
        if (!built.ok) {
          showResult(built);
          return;
        }
        files.push({ name: exportFileName(exportType.id, day), data: toCsv(built.value.headers, built.value.rows) });
      }
      const name = `export-workspace-${day}.zip`;
      downloadBytes(name, zipStore(files, store.now()));
      toast.success(t('export.zipDone', { count: files.length, name }));
    } finally {
      if (mounted.current) setExporting(false);
    }
  }

  return {
    downloadAll,
    type,
    exportType: type ? exportTypeById(type) : undefined,
    chooseType,
    fields,
    toggleField,
    selectAll: () => type && setFields([...(exportTypeById(type)?.fields ?? [])]),
    clearAll: () => setFields([]),
    start,
    setStart,
    end,
    setEnd,
    rangeError: rangeCheck.ok ? null : rangeCheck.problem ? say(rangeCheck.problem) : rangeCheck.error,
    exporting,
    download,
  };
}
