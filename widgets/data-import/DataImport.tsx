import { useRef } from 'react';
import { CSV } from '../../lib/domain/constants';
import { SYSTEM_FIELDS, type SystemField } from '../../lib/domain/types';
import { adminBaseStyles } from '../settings/sharedStyles';
import { ScreenTitle, BlockedNote } from '../settings/shared';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { Select, type SelectOption } from '../ui/Select';
import { dataImportStyles } from './styles';
import { useDataImportController, type DataImportControllerOptions } from './useDataImportController';

export interface DataImportProps extends DataImportControllerOptions {}

/** Rejected rows listed on screen; the rest are counted. */
const MAX_LISTED = 50;

const MAPPING_OPTIONS: SelectOption<SystemField | ''>[] = [{ value: '', label: 'Do not import' }, ...SYSTEM_FIELDS.map((field) => ({ value: field }))];

const columnLabel = (header: string, index: number) => header || `Column ${index + 1}`;
const formatSize = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

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
  return (
    <div className="cf-stack" part="import">
      <ScreenTitle embedded={embedded}>Import Data</ScreenTitle>
      <p className="cf-muted">
        Import creators from a CSV file with a header row. Each row creates a creator (with a funnel at Brief) or updates the creator with the same handle.
      </p>
      <BlockedNote reason={imp.blocked} />
      {!file && (
        <div className="cf-card cf-stack cf-dropzone">
          <div className="cf-field">
            <label htmlFor="cf-import-file">Choose a CSV file</label>
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
            .csv only, up to {CSV.maxUploadLabel}. Columns: {SYSTEM_FIELDS.join(', ')}.
          </p>
        </div>
      )}
      {imp.fileError && (
        <p role="alert" className="cf-error">
          {imp.fileError}
        </p>
      )}
      {file && (
        <>
          <div className="cf-card cf-row">
            <span>
              <strong>{file.name}</strong> <span className="cf-muted">({formatSize(file.size)}, {file.rows.length} data rows)</span>
            </span>
            <span className="cf-spacer" />
            <Button onClick={imp.removeFile} disabled={imp.progress !== null}>
              Remove file
            </Button>
          </div>
          {file.warnings.length > 0 && (
            <ul className="cf-import-warnings" aria-label="Problems reading the file">
              {file.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          <section className="cf-stack" aria-labelledby="cf-import-preview-title">
            <h3 id="cf-import-preview-title">Preview (first {CSV.previewRows} rows)</h3>
            <div className="cf-table-wrap">
              <table className="cf-table" aria-labelledby="cf-import-preview-title">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    {file.headers.map((header, index) => (
                      <th key={index} scope="col">
                        {columnLabel(header, index)}
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
            </div>
          </section>
          <section className="cf-card cf-stack" aria-labelledby="cf-import-mapping-title">
            <h3 id="cf-import-mapping-title">Map columns to fields</h3>
            <div className="cf-mapping">
              {file.headers.map((header, index) => (
                <div className="cf-field" key={index}>
                  <label htmlFor={`cf-map-${index}`}>{columnLabel(header, index)}</label>
                  <Select
                    id={`cf-map-${index}`}
                    options={MAPPING_OPTIONS}
                    value={imp.mapping[index] ?? ''}
                    disabled={imp.progress !== null || imp.outcome !== null}
                    onValueChange={(field) => imp.mapColumn(index, field)}
                  />
                </div>
              ))}
            </div>
            {imp.mappingError && <p className="cf-error">{imp.mappingError}</p>}
          </section>
          {!imp.outcome && (
            <section className="cf-stack" aria-label="Import check">
              <p role="status">
                {imp.accepted} {imp.accepted === 1 ? 'row is' : 'rows are'} ready to import
                {imp.rejected.length > 0 && `; ${imp.rejected.length} ${imp.rejected.length === 1 ? 'row has' : 'rows have'} problems and will not be imported`}.
              </p>
              <RejectedRows rows={imp.rejected} title="Rows that will not be imported" />
              {imp.progress !== null ? (
                <div className="cf-stack">
                  <div
                    className="cf-progress"
                    role="progressbar"
                    aria-label="Import progress"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={imp.progress}
                  >
                    <span style={{ width: `${imp.progress}%` }} />
                  </div>
                  <p className="cf-muted">Importing… {imp.progress}%</p>
                </div>
              ) : (
                <div>
                  <Button
                    variant="primary"
                    disabledReason={imp.blocked ?? imp.mappingError ?? (imp.accepted === 0 ? 'There are no valid rows to import' : null)}
                    onClick={imp.runImport}
                  >
                    Import {imp.accepted} {imp.accepted === 1 ? 'row' : 'rows'}
                  </Button>
                </div>
              )}
            </section>
          )}
          {imp.outcome && (
            <section className="cf-card cf-stack" aria-labelledby="cf-import-done-title">
              <h3 id="cf-import-done-title">Data imported successfully</h3>
              <p>
                {imp.outcome.created} {imp.outcome.created === 1 ? 'creator' : 'creators'} created, {imp.outcome.updated} updated
                {imp.outcome.rejected.length > 0 && `, ${imp.outcome.rejected.length} ${imp.outcome.rejected.length === 1 ? 'row' : 'rows'} not imported`}.
              </p>
              <RejectedRows rows={imp.outcome.rejected} title="Rows not imported" />
              <div>
                <Button onClick={imp.removeFile}>Import another file</Button>
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}

function RejectedRows({ rows, title }: { rows: { row: number; error: string }[]; title: string }) {
  if (rows.length === 0) return null;
  return (
    <div className="cf-rejected">
      <h4>{title}</h4>
      <ul aria-label={title}>
        {rows.slice(0, MAX_LISTED).map((r) => (
          <li key={r.row}>
            Row {r.row}: {r.error}
          </li>
        ))}
      </ul>
      {rows.length > MAX_LISTED && <p className="cf-muted">…and {rows.length - MAX_LISTED} more rows.</p>}
    </div>
  );
}
