// Not-found page (spec §2 "Static pages"): its search goes to the dashboard with ?search=.
import { useId, useState } from 'react';
import { dashboardSearchHref } from '../../lib/domain/search';
import { Button } from '../../widgets/ui/Button';
import { Link, useNavigation } from '../../widgets/ui/navigation';
import { BackButton } from '../../widgets/ui/BackButton';
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
  return (
    <div className="cf-card cf-stack cf-centered">
      <h1 className="cf-big-code">404</h1>
      <p>
        <strong>Page not found</strong>
      </p>
      <p className="cf-muted">The page you are looking for does not exist or has moved.</p>
      <form
        role="search"
        className="cf-notfound-search"
        onSubmit={(event) => {
          event.preventDefault();
          navigation.navigate(dashboardSearchHref(query));
        }}
      >
        <label htmlFor={id} className="cf-visually-hidden">
          Search creators and funnels
        </label>
        <input id={id} className="cf-input" type="search" placeholder="Search creators and funnels..." value={query} onChange={(event) => setQuery(event.target.value)} />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      <div className="cf-row">
        <BackButton label="Go Back" variant="secondary" />
        <Link href="/" className="cf-button">
          Back to Dashboard
        </Link>
      </div>
    </div>
  );
}
