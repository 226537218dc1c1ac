import { EXPORT_GRID_COLUMNS } from '../../lib/domain/constants';
import { EXPORT_TYPE_DESCRIPTION, EXPORT_TYPE_NAME, EXPORT_TYPES, exportFieldKey } from '../../lib/domain/csv-export';
import { useT } from '../ui/i18n';
import { adminBaseStyles } from '../ui/adminStyles';
import { ScreenTitle } from '../ui/AdminScreen';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { OwedExport } from './OwedExport';
import { dataExportStyles } from './styles';
import { useDataExportController } from './useDataExportController';

export interface DataExportProps {}

/** CSV export at /export and the Export Data tab (spec §2 "CSV export"). */
export function DataExport(_props: DataExportProps) {
  return (
    <Screen name="Export Data" styles={adminBaseStyles + dataExportStyles} part="root">
      <DataExportView />
    </Screen>
  );
}

/** The export flow; inside Settings (`embedded`) its title is an h2. */
export function DataExportView({ embedded = false }: { embedded?: boolean }) {
  const exp = useDataExportController();
  const selected = exp.exportType;
  const { t } = useT();
  return (
    <div className="cf-stack" part="export">
      <ScreenTitle embedded={embedded}>{t('export.title')}</ScreenTitle>
      <p className="cf-muted">{t('export.intro')}</p>
      <ul className="cf-export-grid" data-columns={EXPORT_GRID_COLUMNS} aria-label={t('export.types')}>
        {EXPORT_TYPES.map((type) => {
          const active = type.id === exp.type;
          return (
            <li key={type.id}>
              <button
                type="button"
                className="cf-card cf-export-type"
                aria-pressed={active}
                data-state={active ? 'active' : 'inactive'}
                onClick={() => exp.chooseType(type.id)}
              >
                <span className="cf-export-icon" aria-hidden="true">
                  {type.icon}
                </span>
                <span className="cf-export-name">{t(EXPORT_TYPE_NAME[type.id])}</span>
                <span className="cf-muted">{t(EXPORT_TYPE_DESCRIPTION[type.id])}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="cf-row">
        <span className="cf-muted">{t('export.zipIntro')}</span>
        <span className="cf-spacer" />
        <Button variant="secondary" disabled={exp.exporting} onClick={() => void exp.downloadAll()}>
          {t('export.zipDownload')}
        </Button>
      </div>
      {selected && (
        <section className="cf-card cf-stack" aria-labelledby="cf-export-config-title">
          <h3 id="cf-export-config-title">{t('export.configure')}</h3>
          <div className="cf-row cf-export-dates">
            <div className="cf-field">
              <label htmlFor="cf-export-start">{t('export.start')}</label>
              <input id="cf-export-start" className="cf-input" type="date" value={exp.start} max={exp.end || undefined} onChange={(e) => exp.setStart(e.target.value)} />
            </div>
            <div className="cf-field">
              <label htmlFor="cf-export-end">{t('export.end')}</label>
              <input id="cf-export-end" className="cf-input" type="date" value={exp.end} min={exp.start || undefined} onChange={(e) => exp.setEnd(e.target.value)} />
            </div>
          </div>
          {exp.rangeError && (
            <p role="alert" className="cf-error">
              {exp.rangeError}
            </p>
          )}
          <fieldset className="cf-export-fields">
            <legend>{t('export.fieldsOf', { name: t(EXPORT_TYPE_NAME[selected.id]) })}</legend>
            {selected.fields.map((field) => (
              <label key={field} className="cf-check">
                <input type="checkbox" checked={exp.fields.includes(field)} onChange={() => exp.toggleField(field)} />
                {/* The label in the screen's language; the file's column keeps its English name. */}
                {t(exportFieldKey(field))}
              </label>
            ))}
          </fieldset>
          <div className="cf-row">
            <Button size="small" variant="ghost" onClick={exp.selectAll}>
              {t('export.selectAll')}
            </Button>
            <Button size="small" variant="ghost" onClick={exp.clearAll}>
              {t('export.clear')}
            </Button>
            <span className="cf-spacer" />
            <span role="status">{t('fields.selected', { count: exp.fields.length })}</span>
          </div>
          <div>
            <Button
              variant="primary"
              disabled={exp.exporting || exp.fields.length === 0 || Boolean(exp.rangeError)}
              title={exp.fields.length === 0 ? t('domain.export.selectField') : (exp.rangeError ?? undefined)}
              onClick={() => void exp.download()}
            >
              {exp.exporting ? t('export.exporting') : t('export.download')}
            </Button>
          </div>
        </section>
      )}
      <OwedExport />
    </div>
  );
}
