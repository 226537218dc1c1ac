// What is owed to creators for a period, as a CSV file; Creatorflow never moves money.
import { useId } from 'react';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { useOwedExport } from './useOwedExport';

export function OwedExport() {
  const id = useId();
  const { t } = useT();
  const owed = useOwedExport();
  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h3 id={id}>{t('commission.export.title')}</h3>
      <p className="cf-muted">{t('commission.export.note')}</p>
      <div className="cf-row cf-export-dates">
        <div className="cf-field">
          <label htmlFor={`${id}-from`}>{t('commission.export.from')}</label>
          <input id={`${id}-from`} className="cf-input" type="month" value={owed.from} onChange={(e) => owed.setFrom(e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-to`}>{t('commission.export.to')}</label>
          <input id={`${id}-to`} className="cf-input" type="month" value={owed.to} onChange={(e) => owed.setTo(e.target.value)} />
        </div>
      </div>
      {owed.rangeError && (
        <p role="alert" className="cf-error">
          {owed.rangeError}
        </p>
      )}
      <div>
        <Button disabled={Boolean(owed.rangeError)} title={owed.rangeError ?? undefined} onClick={() => void owed.download()}>
          {t('commission.export.download')}
        </Button>
      </div>
    </section>
  );
}
