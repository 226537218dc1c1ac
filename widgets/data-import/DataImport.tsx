import { useRef } from 'react';
import { CSV } from '../../lib/domain/constants';
import { SYSTEM_FIELDS, type SystemField } from '../../lib/domain/types';
import type { RejectedRow } from '../../lib/domain/csv-import';
import { adminBaseStyles } from '../ui/adminStyles';
import { ScreenTitle, BlockedNote } from '../ui/AdminScreen';
import { BulkProgressView } from '../ui/BulkProgress';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { Screen } from '../ui/Screen';
import { Select, type SelectOption } from '../ui/Select';
import { dataImportStyles } from './styles';
import { useDataImportController, type DataImportControllerOptions } from './useDataImportController';
import { ScrollRegion } from '../ui/ScrollRegion';

export interface DataImportProps extends DataImportControllerOptions {}

/** Rejected rows listed on screen; the rest are counted. */
const MAX_LISTED = 50;

type T = ReturnType<typeof useT>;

/** The CSV's own column names stay as they are; only "Do not import" is said in the screen's language. */
const mappingOptions = ({ t }: T): SelectOption<SystemField | ''>[] => [{ value: '', label: t('import.doNotImport') }, ...SYSTEM_FIELDS.map((field) => ({ value: field }))];

const columnLabel = ({ t }: T, header: string, index: number) => header || t('import.column', { number: index + 1 });
const fileSize = ({ t, formatNumber }: T, bytes: number) => {
  const one = { maximumFractionDigits: 1, minimumFractionDigits: 1 };
  if (bytes < 1024) return t('import.size', { size: formatNumber(bytes), unit: 'b' });
  if (bytes < 1024 * 1024) return t('import.size', { size: formatNumber(bytes / 1024, one), unit: 'kb' });
  return t('import.size', { size: formatNumber(bytes / 1024 / 1024, one), unit: 'mb' });
};
/** A row's problems, each said in the screen's language. */
const rowProblems = ({ say }: T, row: RejectedRow) => (row.problems.length ? row.problems.map((said) => say(said)).join('; ') : row.error);

/** CSV import at /import (spec §2 "CSV import"). */
export function DataImport(props: DataImportProps) {
  return (
    <Screen name="Import Data" styles={adminBaseStyles + dataImportStyles} part="root">
      <DataImportView {...props} />
    </Screen>
  );
}

/** The import flow; inside Settings (`embedded`) its title is an h2. */
export function DataImportView({ embedded = false, ...options }: DataImportProps & { embedded?: boolean }) {
  const imp = useDataImportController(options);
  const inputRef = useRef<HTMLInputElement>(null);
  const file = imp.file;
  const i18n = useT();
  const { t, say, formatPercent, formatSize } = i18n;
  const blocked = imp.blocked;
  const mappingError = imp.mappingError && say(imp.mappingError);
  const fieldOptions = mappingOptions(i18n);
  return (
    <div className="cf-stack" part="import">
      <ScreenTitle embedded={embedded}>{t('import.title')}</ScreenTitle>
      <p className="cf-muted">{t('import.intro')}</p>
      <BlockedNote reason={blocked} />
      {imp.bulk && <BulkProgressView view={imp.bulk} onDismiss={imp.outcome ? undefined : imp.dismissBulk} />}
      {!file && !imp.bulk && (
        <div className="cf-card cf-stack cf-dropzone">
          <div className="cf-field">
            <label htmlFor="cf-import-file">{t('import.choose')}</label>
            <input
              ref={inputRef}
              id="cf-import-file"
              className="cf-input"
              type="file"
              accept=".csv,text/csv"
              disabled={Boolean(imp.blocked)}
              aria-describedby="cf-import-hint"
              onChange={(event) => {
                const chosen = event.target.files?.[0];
                event.target.value = '';
                void imp.chooseFile(chosen);
              }}
            />
          </div>
          <p id="cf-import-hint" className="cf-muted">
            {t('import.hint', { max: formatSize(CSV.maxUploadLabel), columns: SYSTEM_FIELDS.join(', ') })}
          </p>
        </div>
      )}
      {imp.fileError && (
        <p role="alert" className="cf-error">
          {say(imp.fileError)}
        </p>
      )}
      {file && (
        <>
          <div className="cf-card cf-row">
            <span>
              <strong>{file.name}</strong> <span className="cf-muted">{t('import.fileInfo', { size: fileSize(i18n, file.size), count: file.rows.length })}</span>
            </span>
            <span className="cf-spacer" />
            <Button onClick={imp.removeFile} disabled={imp.progress !== null || imp.bulk?.state === 'saving'}>
              {t('import.removeFile')}
            </Button>
          </div>
          {file.warnings.length > 0 && (
            <ul className="cf-import-warnings" aria-label={t('import.warnings')}>
              {file.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          <section className="cf-stack" aria-labelledby="cf-import-preview-title">
            <h3 id="cf-import-preview-title">{t('import.preview', { count: CSV.previewRows })}</h3>
            <ScrollRegion labelledBy="cf-import-preview-title">
              <table className="cf-table" aria-labelledby="cf-import-preview-title">
                <thead>
                  <tr>
                    <th scope="col">{t('import.row')}</th>
                    {file.headers.map((header, index) => (
                      <th key={index} scope="col">
                        {columnLabel(i18n, header, index)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {file.rows.slice(0, CSV.previewRows).map((row, rowIndex) => (
                    <tr key={rowIndex}>
                      <td>{rowIndex + 1}</td>
                      {file.headers.map((_, index) => (
                        <td key={index}>{row[index] ?? ''}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          </section>
          <section className="cf-card cf-stack" aria-labelledby="cf-import-mapping-title">
            <h3 id="cf-import-mapping-title">{t('import.mapping')}</h3>
            <div className="cf-mapping">
              {file.headers.map((header, index) => (
                <div className="cf-field" key={index}>
                  <label htmlFor={`cf-map-${index}`}>{columnLabel(i18n, header, index)}</label>
                  <Select
                    id={`cf-map-${index}`}
                    options={fieldOptions}
                    value={imp.mapping[index] ?? ''}
                    disabled={imp.progress !== null || imp.outcome !== null}
                    onValueChange={(field) => imp.mapColumn(index, field)}
                  />
                </div>
              ))}
            </div>
            {mappingError && <p className="cf-error">{mappingError}</p>}
          </section>
          {!imp.outcome && (
            <section className="cf-stack" aria-label={t('import.check')}>
              <p role="status">
                {t('import.ready', { count: imp.accepted, rejected: imp.rejected.length })}
              </p>
              <RejectedRows rows={imp.rejected} title={t('import.willNotImport')} />
              {imp.bulk ? null : imp.progress !== null ? (
                <div className="cf-stack">
                  <div
                    className="cf-progress"
                    role="progressbar"
                    aria-label={t('import.progress')}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={imp.progress}
                  >
                    <span style={{ width: `${imp.progress}%` }} />
                  </div>
                  <p className="cf-muted">{t('import.importing', { percent: formatPercent(imp.progress, 0) })}</p>
                </div>
              ) : (
                <div>
                  <Button
                    variant="primary"
                    disabledReason={blocked || mappingError || (imp.accepted === 0 ? t('import.noValidRows') : null)}
                    onClick={imp.runImport}
                  >
                    {t('import.run', { count: imp.accepted })}
                  </Button>
                </div>
              )}
            </section>
          )}
          {imp.outcome && (
            <section className="cf-card cf-stack" aria-labelledby="cf-import-done-title">
              <h3 id="cf-import-done-title">{t('import.done')}</h3>
              <p>{t('import.outcome', { count: imp.outcome.created, updated: imp.outcome.updated, rejected: imp.outcome.rejected.length })}</p>
              <RejectedRows rows={imp.outcome.rejected} title={t('import.notImported')} />
              <div>
                <Button onClick={imp.removeFile}>{t('import.another')}</Button>
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function RejectedRows({ rows, title }: { rows: RejectedRow[]; title: string }) {
  const i18n = useT();
  if (rows.length === 0) return null;
  return (
    <div className="cf-rejected">
      <h4>{title}</h4>
      <ul aria-label={title}>
        {rows.slice(0, MAX_LISTED).map((r) => (
          <li key={r.row}>
            {i18n.t('import.rowError', { row: r.row, error: rowProblems(i18n, r) })}
          </li>
        ))}
      </ul>
      {rows.length > MAX_LISTED && <p className="cf-muted">{i18n.t('import.more', { count: rows.length - MAX_LISTED })}</p>}
    </div>
  );
}
