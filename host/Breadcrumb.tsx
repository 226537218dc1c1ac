import type { MessageKey, Translator } from '../lib/i18n';
import { Link } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { breadcrumbs, capitalise } from './breadcrumbs';

/** Path segments that name a page of the app with a word no screen's catalog entry says. */
const PAGE_SEGMENTS: Record<string, MessageKey> = {
  label: 'crumb.label',
  help: 'crumb.help',
  team: 'crumb.team',
  billing: 'crumb.billing',
  developer: 'crumb.developer',
  activity: 'crumb.activity',
  onboarding: 'crumb.onboarding',
  maintenance: 'crumb.maintenance',
};

/**
 * A crumb that names a page of the app, said in the page's language ("orders" is "Pedidos"); null
 * when it names none (an id, a name) or the language says it as the URL does (English).
 */
export function translatedCrumb(text: string, { t, tm }: Pick<Translator, 't' | 'tm'>): string | null {
  const heading = capitalise(text);
  const own = PAGE_SEGMENTS[text.toLowerCase()];
  const translated = own ? t(own) : tm(heading);
  return translated === heading ? null : translated;
}

/** `nav` labelled Breadcrumb: every crumb a link but the last, which is the current page. */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const trail = breadcrumbs(pathname);
  const translator = useT();
  const { t } = translator;
  const label = (text: string, index: number) => (index === 0 ? t('nav.dashboard') : (translatedCrumb(text, translator) ?? text));
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
