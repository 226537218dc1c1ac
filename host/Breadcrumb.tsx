import { Link } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { breadcrumbs } from './breadcrumbs';

/** `nav` labelled Breadcrumb: every crumb a link but the last, which is the current page. */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const trail = breadcrumbs(pathname);
  const { t, tm } = useT();
  // A crumb that names a page of the app is said in the page's language; ids and names stay as they are.
  const label = (text: string, index: number) => {
    if (index === 0) return t('nav.dashboard');
    const heading = text.replace(/(^|\s)(\p{Ll})/gu, (_m, space: string, letter: string) => space + letter.toUpperCase());
    const translated = tm(heading);
    return translated === heading ? text : translated;
  };
  return (
    <nav className="cf-breadcrumb" aria-label={t('shell.breadcrumb')}>
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.href}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{label(crumb.label, index)}</span>
            ) : (
              <Link href={crumb.href}>{label(crumb.label, index)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
