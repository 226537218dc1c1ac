// Not-found page (spec §2 "Static pages"): its search goes to the dashboard with ?search=.
import { useId, useState } from 'react';
import { dashboardSearchHref } from '../../lib/domain/search';
import { Button } from '../../widgets/ui/Button';
import { Link, useNavigation } from '../../widgets/ui/navigation';
import { BackButton } from '../../widgets/ui/BackButton';
import { useT } from '../../widgets/ui/i18n';
import { StaticPage } from './shared';

export function NotFound() {
  return (
    <StaticPage name="Not found">
      <NotFoundContent />
    </StaticPage>
  );
}

function NotFoundContent() {
  const navigation = useNavigation();
  const [query, setQuery] = useState('');
  const id = useId();
  const { t } = useT();
  return (
    <div className="cf-card cf-stack cf-centered">
      <h1 className="cf-big-code">404</h1>
      <p>
        <strong>{t('pages.notFound.title')}</strong>
      </p>
      <p className="cf-muted">{t('pages.notFound.body')}</p>
      <form
        role="search"
        className="cf-notfound-search"
        onSubmit={(event) => {
          event.preventDefault();
          navigation.navigate(dashboardSearchHref(query));
        }}
      >
        <label htmlFor={id} className="cf-visually-hidden">
          {t('pages.notFound.searchLabel')}
        </label>
        <input id={id} className="cf-input" type="search" placeholder={t('pages.notFound.searchPlaceholder')} value={query} onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit" variant="primary">
          {t('pages.notFound.search')}
        </Button>
      </form>
      <div className="cf-row">
        <BackButton label={t('pages.notFound.goBack')} variant="secondary" />
        <Link href="/" className="cf-button">
          {t('pages.notFound.dashboard')}
        </Link>
      </div>
    </div>
  );
}
