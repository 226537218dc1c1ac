// The progress of an import sent to the team server in pages: rows the server confirmed out of
// rows sent, with Cancel while pages wait, and what became of them at the end. Data import and
// Inventory share it; a reload shows an import still waiting as resumed.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useEffectEvent, useRef } from 'react';
import { bulkBar, type BulkProgress as Progress, type BulkState } from '../../lib/domain/bulk';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { toCsv } from '../../lib/csv';
import { bulkRowsCsv, type BulkJob, type BulkMutationName } from '../../lib/store/bulk';
import { Button } from './Button';
import { downloadText } from './download';
import { showResult } from './toast';
import { useT } from './i18n';
import { useStore } from './store-context';

export interface BulkJobView {
  job: BulkJob;
  progress: Progress;
  state: BulkState;
}

/**
 * The latest import of `name` under way or just finished (null when none), and `onFinish`
 * called once when it stops waiting (its outcome: toasts, the screen's summary).
 */
export function useBulkJob(name: BulkMutationName, onFinish?: (view: BulkJobView) => void): BulkJobView | null {
  useSignals();
  const store = useStore();
  const jobs = store.bulk.jobs.value;
  const job = jobs.findLast((j) => j.name === name) ?? null;
  const progress = job?.progress.value ?? null;
  const state = job?.state.value ?? null;
  const told = useRef(new Set<string>());
  const finish = useEffectEvent((view: BulkJobView) => onFinish?.(view));
  useEffect(() => {
    if (!job || !progress || !state || state === 'saving' || told.current.has(job.id)) return;
    told.current.add(job.id);
    finish({ job, progress, state });
  }, [job, progress, state]);
  return job && progress && state ? { job, progress, state } : null;
}

/** The progress bar, its text, Cancel, and the outcome of a cancelled or partly refused import. */
export function BulkProgressView({ view, onDismiss }: { view: BulkJobView; /** Shown once the import stopped waiting. */ onDismiss?: () => void }) {
  const i18n = useT();
  const { t } = i18n;
  const { job, progress, state } = view;
  const { value, max } = bulkBar(progress);
  const text = t('bulk.saved', { confirmed: value, total: max });
  return (
    <section className="cf-stack" aria-label={t('bulk.progress')} data-state={state}>
      {job.resumed && state === 'saving' && <p>{t('bulk.resumed')}</p>}
      <div className="cf-progress" role="progressbar" aria-label={t('bulk.progress')} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value} aria-valuetext={text}>
        <span style={{ width: `${max ? (value / max) * 100 : 100}%` }} />
      </div>
      <p className="cf-muted" aria-live="polite">
        {text}
      </p>
      {state === 'saving' && (
        <div>
          <Button onClick={() => void job.cancel()} disabled={progress.cancelling}>
            {progress.cancelling ? t('bulk.cancelling') : t('bulk.cancel')}
          </Button>
        </div>
      )}
      {state === 'cancelled' && <p role="status">{t('bulk.cancelled', { confirmed: progress.confirmed, total: progress.total })}</p>}
      {state === 'partly-saved' && (
        <p role="alert" className="cf-error">
          {t('bulk.partlySaved', {
            confirmed: progress.confirmed,
            total: progress.total,
            refused: progress.refused,
            reason: serverErrorIn(i18n, progress.refusal ? { error: progress.refusal.message, code: progress.refusal.code, params: progress.refusal.params as never } : null) ?? '',
          })}
        </p>
      )}
      {(state === 'cancelled' || state === 'partly-saved') && <UnsavedRowsView job={job} />}
      {state !== 'saving' && onDismiss && (
        <div>
          <Button onClick={onDismiss}>{t('bulk.dismiss')}</Button>
        </div>
      )}
    </section>
  );
}

/** Which rows the server did not save, with Retry and a CSV of them (the rows this browser still has). */
function UnsavedRowsView({ job }: { job: BulkJob }) {
  useSignals();
  const { t } = useT();
  const unsaved = job.unsaved.value;
  if (!unsaved.count) return null;
  const ranges = unsaved.ranges.map((range) => (range.first === range.last ? t('bulk.row', { row: range.first }) : t('bulk.rowRange', { first: range.first, last: range.last }))).join(', ');
  const download = () => {
    const csv = bulkRowsCsv(job.name, unsaved.rows);
    downloadText(`${job.name === 'creators.import' ? 'creators' : 'inventory'}-not-saved.csv`, toCsv(csv.headers, csv.rows));
  };
  return (
    <div className="cf-stack">
      <p>{t('bulk.unsavedRows', { count: unsaved.count, ranges })}</p>
      {unsaved.rows.length > 0 && (
        <div className="cf-row">
          <Button
            onClick={() => {
              const result = job.retry();
              if (!result.ok) showResult(result);
            }}
          >
            {t('bulk.retry')}
          </Button>
          <Button onClick={download}>{t('bulk.download')}</Button>
        </div>
      )}
    </div>
  );
}
