import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useRef, useState } from 'react';
import { CSV } from '../../lib/domain/constants';
import { checkMapping, guessMapping, validateImport, type ColumnMapping, type RejectedRow } from '../../lib/domain/csv-import';
import type { SystemField } from '../../lib/domain/types';
import { checkCsvFile, parseCsv } from '../../lib/csv';
import { useStore } from '../ui/store-context';
import { useT, useWhyNot } from '../ui/i18n';
import { showResult, toast } from '../ui/toast';
import { useBulkJob } from '../ui/BulkProgress';
import { message, problemOf, type Message } from '../../lib/domain/messages';
import { sumOf } from '../../lib/store/bulk';

export interface DataImportControllerOptions {
  /** Length of the import's progress run in ms (spec §9: 2 s). Default CSV.simulatedImportMs. */
  importDurationMs?: number;
}

export interface LoadedFile {
  name: string;
  size: number;
  headers: string[];
  rows: string[][];
  /** Problems the CSV reader reported (unclosed quotes, uneven rows), by data row. */
  warnings: string[];
}

export interface ImportOutcome {
  created: number;
  updated: number;
  rejected: RejectedRow[];
}

/** An import sent in pages: its rejected rows, shown once the server has every page. */
interface AwaitedOutcome {
  job: string;
  rejected: ImportOutcome['rejected'];
}

/** CSV import: choose, check, preview, map, validate, import with progress; removing the file resets. */
export function useDataImportController({ importDurationMs = CSV.simulatedImportMs }: DataImportControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const { t } = useT();
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [fileError, setFileError] = useState<Message | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const generation = useRef(0);
  const awaited = useRef<AwaitedOutcome | null>(null);
  const blocked = whyNot();
  // With a team server the import goes in pages; success is said once the server has them all.
  const bulk = useBulkJob('creators.import', ({ job, state }) => {
    if (state !== 'saved') return;
    toast.success(t('import.done'));
    const mine = awaited.current?.job === job.id ? awaited.current : null;
    awaited.current = null;
    // The full bar stays beside the outcome until another file is chosen.
    if (mine) setOutcome({ created: sumOf(job.values, 'created'), updated: sumOf(job.values, 'updated'), rejected: mine.rejected });
  });
  const bulkSaving = bulk?.state === 'saving';

  useEffect(() => () => stopTimer(), []);
  function stopTimer() {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
  }

  const check = useMemo(() => (file ? validateImport(file.rows, mapping) : { accepted: [], rejected: [] }), [file, mapping]);
  const mappingCheck = useMemo(() => checkMapping(mapping), [mapping]);

  function reset() {
    generation.current++;
    if (bulk && bulk.state !== 'saving') store.bulk.forget(bulk.job);
    stopTimer();
    setFile(null);
    setFileError(null);
    setMapping([]);
    setProgress(null);
    setOutcome(null);
  }

  async function chooseFile(chosen: File | null | undefined) {
    reset();
    if (!chosen) return;
    const problem = checkCsvFile(chosen, CSV.maxUploadBytes);
    if (problem) {
      setFileError(problem);
      return;
    }
    const mine = generation.current;
    let text: string;
    try {
      text = await chosen.text();
    } catch (error) {
      setFileError(message('domain.import.unreadable', { name: chosen.name, error: error instanceof Error ? error.message : String(error) }));
      return;
    }
    if (mine !== generation.current) return;
    const parsed = parseCsv(text);
    if (parsed.headers.length === 0 || parsed.headers.every((h) => h === '')) {
      setFileError(message('domain.import.noHeader', { name: chosen.name }));
      return;
    }
    if (parsed.rows.length === 0) {
      setFileError(message('domain.import.noRows', { name: chosen.name }));
      return;
    }
    setFile({
      name: chosen.name,
      size: chosen.size,
      headers: parsed.headers,
      rows: parsed.rows,
      warnings: parsed.errors.slice(0, 20).map((e) => (e.row > 0 ? `Row ${e.row}: ${e.message}` : e.message)),
    });
    setMapping(guessMapping(parsed.headers));
  }

  function mapColumn(index: number, field: SystemField | '') {
    setMapping((current) => current.map((f, i) => (i === index ? field : f)));
  }

  function runImport() {
    if (!file || progress !== null || bulkSaving) return;
    if (!mappingCheck.ok) return showResult(mappingCheck);
    const rows = check.accepted;
    const rejected = check.rejected;
    if (store.sync) {
      // The real progress: rows the server confirmed, page by page.
      const result = store.admin.importCreators(rows, rejected.length);
      if (!result.ok) return showResult(result);
      const { job } = result.value;
      if (job) awaited.current = { job: job.id, rejected };
      return;
    }
    const finish = () => {
      stopTimer();
      const result = store.admin.importCreators(rows, rejected.length);
      if (!result.ok) {
        setProgress(null);
        showResult(result);
        return;
      }
      // Success is announced once the rows are stored, not when they first show on screen.
      setProgress(100);
      const mine = generation.current;
      void store.flush().then(() => {
        if (mine !== generation.current) return;
        setProgress(null);
        showResult(result);
        setOutcome({ ...result.value, rejected });
      });
    };
    if (importDurationMs <= 0) return finish();
    const mine = generation.current;
    const started = Date.now();
    setProgress(0);
    timer.current = setInterval(() => {
      if (mine !== generation.current) return stopTimer();
      const done = Math.min(100, Math.round(((Date.now() - started) / importDurationMs) * 100));
      setProgress(done);
      if (done >= 100) finish();
    }, 100);
  }

  return {
    file,
    fileError,
    mapping,
    mapColumn,
    mappingError: mappingCheck.ok ? null : problemOf(mappingCheck),
    accepted: check.accepted.length,
    rejected: check.rejected,
    progress,
    outcome,
    /** An import under way in pages (team server), or one that ended cancelled or partly refused. */
    bulk,
    /** Clears a cancelled or partly refused import's outcome. */
    dismissBulk: () => {
      if (bulk) store.bulk.forget(bulk.job);
      awaited.current = null;
    },
    blocked,
    chooseFile,
    removeFile: reset,
    runImport,
  };
}
