import { Link } from '../widgets/ui/navigation';
import { breadcrumbs } from './breadcrumbs';

/** `nav` labelled Breadcrumb: every crumb a link but the last, which is the current page. */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const trail = breadcrumbs(pathname);
  return (
    <nav className="cf-breadcrumb" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.href}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link href={crumb.href}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
