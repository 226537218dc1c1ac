// The creator's results on their portal: their code and tracking link (each with a copy
// button), and clicks, orders and commission earned this month and in total, as the team
// server counted them for this funnel.
import { useId, useState } from 'react';
import type { CreatorResults } from '../../lib/domain/commission';
import { Button } from '../../widgets/ui/Button';
import type { PortalController } from './usePortal';

export function PortalResults({ portal, results }: { portal: PortalController; results: CreatorResults }) {
  const id = useId();
  const { t, formatMoney, formatNumber } = portal.tr;
  const [copied, setCopied] = useState<'code' | 'link' | null>(null);
  const [failed, setFailed] = useState(false);

  function copy(what: 'code' | 'link', text: string) {
    setFailed(false);
    void (navigator.clipboard ? navigator.clipboard.writeText(text) : Promise.reject(new Error('no clipboard'))).then(
      () => setCopied(what),
      () => setFailed(true),
    );
  }

  const rows: [string, string, string][] = [
    [t('portal.results.clicks'), formatNumber(results.thisMonth.clicks), formatNumber(results.total.clicks)],
    [t('portal.results.orders'), formatNumber(results.thisMonth.orders), formatNumber(results.total.orders)],
    [t('portal.results.earned'), formatMoney(results.thisMonth.earned), formatMoney(results.total.earned)],
  ];

  return (
    <section className="cf-card cf-stack" aria-labelledby={id}>
      <h2 id={id}>{t('portal.results.title')}</h2>
      <dl>
        <dt>{t('results.code')}</dt>
        <dd className="cf-row">
          <code>{results.code}</code>
          <Button size="small" onClick={() => copy('code', results.code)}>
            {t('results.copyCode')}
          </Button>
        </dd>
        <dt>{t('results.link')}</dt>
        <dd className="cf-row">
          {results.link ? (
            <>
              <code className="cf-break">{results.link}</code>
              <Button size="small" onClick={() => copy('link', results.link!)}>
                {t('results.copyLink')}
              </Button>
            </>
          ) : (
            <span className="cf-muted">{t('portal.results.noLink')}</span>
          )}
        </dd>
      </dl>
      <p role="status" aria-live="polite" className="cf-muted">
        {failed ? t('results.copyFailed') : copied === 'code' ? t('results.codeCopied', { code: results.code }) : copied === 'link' ? t('results.linkCopied') : ''}
      </p>
      <table className="cf-table">
        <caption>{t('portal.results.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('portal.results.figure')}</th>
            <th scope="col">{t('portal.results.thisMonth')}</th>
            <th scope="col">{t('portal.results.total')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, month, total]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{month}</td>
              <td>{total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
