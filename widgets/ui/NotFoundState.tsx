import { useT } from './i18n';
import { Link } from './navigation';
import { routeTo } from './routes';

/** A record named in the URL that does not exist: says so as the page's h1, with a way back to the dashboard. */
export function NotFoundState({ title, detail }: { title: string; detail: string }) {
  const { t } = useT();
  return (
    <div className="cf-empty" part="not-found">
      <h1>{title}</h1>
      <p>{detail}</p>
      <Link className="cf-button" data-variant="primary" href={routeTo.home()}>
        {t('common.backToDashboard')}
      </Link>
    </div>
  );
}
