// Support page: where Contact Support, the docs list and the maintenance status link lead.
import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../widgets/ui/i18n';
import { useStore } from '../../widgets/ui/store-context';
import { Link } from '../../widgets/ui/navigation';
import { StaticPage, useScrollToHash } from './shared';

export const SUPPORT_EMAIL = 'support@creatorflow.example';

export function Support() {
  return (
    <StaticPage name="Support">
      <SupportContent />
    </StaticPage>
  );
}

function SupportContent() {
  useSignals();
  useScrollToHash();
  const { t } = useT();
  // The help center is the workspace's: a visitor who is not signed in is offered what they can read.
  const signedIn = useStore().session.signedIn.value;
  return (
    <article className="cf-page cf-stack">
      <h1>{t('pages.support.title')}</h1>
      <p>{t('pages.support.intro')}</p>
      <section className="cf-card" aria-labelledby="cf-support-contact">
        <h2 id="cf-support-contact">{t('pages.support.contactTitle')}</h2>
        <ul>
          <li>
            {t('pages.support.email')} <a href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Creatorflow support request')}`}>{SUPPORT_EMAIL}</a>
          </li>
          <li>{t('pages.support.phone')}</li>
        </ul>
        <p>
          <a className="cf-button" data-variant="primary" href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Creatorflow support request')}`}>
            {t('pages.support.emailButton')}
          </a>
        </p>
      </section>
      <section className="cf-card" aria-labelledby="cf-support-self">
        <h2 id="cf-support-self">{t('pages.support.selfTitle')}</h2>
        <ul>
          {signedIn && (
            <li>
              <Link href="/help">{t('pages.support.helpCenter')}</Link>
              {t('pages.support.helpCenterDetail')}
            </li>
          )}
          <li>
            <Link href="/docs/dashboard">{t('pages.support.dashboardGuide')}</Link>
          </li>
          <li>
            <Link href="/docs/api">{t('pages.support.apiReference')}</Link>
          </li>
        </ul>
      </section>
      <section className="cf-card" id="status" aria-labelledby="cf-support-status">
        <h2 id="cf-support-status">{t('pages.support.statusTitle')}</h2>
        <p className="cf-status-ok">{t('pages.support.statusOk')}</p>
        <p className="cf-muted">
          {t('pages.support.plannedBefore')} <Link href="/maintenance">{t('pages.support.plannedLink')}</Link>.
        </p>
      </section>
    </article>
  );
}
