// Maintenance page (spec §2 "Static pages"; §9 "Maintenance"). Both links stay on our own routes.
import { MAINTENANCE } from '../../lib/domain/constants';
import { useT } from '../../widgets/ui/i18n';
import { Link } from '../../widgets/ui/navigation';
import { StaticPage } from './shared';

export function Maintenance() {
  return (
    <StaticPage name="Maintenance">
      <MaintenanceContent />
    </StaticPage>
  );
}

function MaintenanceContent() {
  const { t } = useT();
  const percent = MAINTENANCE.progressPercent;
  return (
    <div className="cf-card cf-stack cf-centered">
        <h1>{t('pages.maintenance.title')}</h1>
        <p>{t('pages.maintenance.body')}</p>
        <p>
          <strong>{t('pages.maintenance.estimate', { minutes: MAINTENANCE.estimateMinutes })}</strong>
        </p>
        <div
          className="cf-progress"
          role="progressbar"
          aria-label={t('pages.maintenance.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('pages.maintenance.complete', { percent })}
        >
          <div className="cf-progress-fill" style={{ width: `${percent}%` }} />
        </div>
        <p className="cf-muted">{t('pages.maintenance.complete', { percent })}</p>
        <p>
          {t('pages.maintenance.needHelp')} <Link href="/support">{t('pages.maintenance.contact')}</Link> ·{' '}
          <Link href="/support#status">{t('pages.maintenance.status')}</Link>
        </p>
    </div>
  );
}
