import { useSignals } from '@preact/signals-react/runtime';
import type { MessageKey, Translator } from '../lib/i18n';
import type { Store } from '../lib/store';
import { Link } from '../widgets/ui/navigation';
import { useStore } from '../widgets/ui/store-context';
import { useT } from '../widgets/ui/i18n';
import { breadcrumbs, capitalise, type Crumb, type RecordKind, type RecordNamer } from './breadcrumbs';

/** Path segments that name a page of the app, and the catalog entry that says each. */
const PAGE_SEGMENTS: Record<string, MessageKey> = {
  dashboard: 'nav.dashboard',
  funnel: 'shell.search.kind.funnel',
  creator: 'crumb.record.funnel',
  shipment: 'calendar.type.shipment',
  label: 'crumb.label',
  tracking: 'orders.tracking',
  brief: 'creator.status.Brief',
  orders: 'nav.orders',
  inventory: 'nav.inventory',
  calendar: 'nav.calendar',
  analytics: 'nav.analytics',
  notifications: 'shell.notifications',
  help: 'crumb.help',
  settings: 'shell.menu.settings',
  profile: 'shell.menu.profile',
  team: 'crumb.team',
  billing: 'crumb.billing',
  integrations: 'settings.tab.integrations',
  developer: 'crumb.developer',
  activity: 'crumb.activity',
  import: 'inventory.import',
  export: 'inventory.export',
  onboarding: 'crumb.onboarding',
  terms: 'pages.auth.terms',
  privacy: 'pages.auth.privacy',
  maintenance: 'crumb.maintenance',
  api: 'pages.docs.apiTitle',
  support: 'pages.support.title',
};

/**
 * A crumb that names a page of the app, said in the page's language ("orders" is "Pedidos"); null
 * when it names none (an id, a name) or the language says it as the URL does (English).
 */
export function translatedCrumb(text: string, { t }: Pick<Translator, 't'>): string | null {
  const heading = capitalise(text);
  const own = Object.hasOwn(PAGE_SEGMENTS, text.toLowerCase()) ? PAGE_SEGMENTS[text.toLowerCase()] : undefined;
  if (!own) return null;
  const translated = t(own);
  return translated === heading ? null : translated;
}

/** What a record's crumb says while its record is not here. */
export const unnamedRecordKey = (kind: RecordKind): MessageKey => `crumb.record.${kind}`;

/** Names the records of the detail routes from the store (signals: read while rendering, it follows renames). */
export function recordNamer(store: Pick<Store, 'funnels' | 'orders' | 'inventory'>): RecordNamer {
  return (kind, id) => {
    if (kind === 'funnel') return store.funnels.items.get(id)?.creatorName;
    if (kind === 'order') return store.orders.find(id)?.orderNumber;
    return store.inventory.items.get(id)?.name;
  };
}

/** `nav` labelled Breadcrumb: every crumb a link but the last, which is the current page. Records are named, never shown by id. */
export function Breadcrumb({ pathname, nameOf }: { pathname: string; /** Default: the store's records. */ nameOf?: RecordNamer }) {
  useSignals();
  const store = useStore();
  const trail = breadcrumbs(pathname, nameOf ?? recordNamer(store));
  const translator = useT();
  const { t } = translator;
  const label = ({ label: text, record }: Crumb, index: number) =>
    record ? text || t(unnamedRecordKey(record)) : index === 0 ? t('nav.dashboard') : (translatedCrumb(text, translator) ?? text);
  return (
    <nav className="cf-breadcrumb" aria-label={t('shell.breadcrumb')}>
      <ol>
        {trail.map((crumb, index) => (
          <li key={crumb.href}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{label(crumb, index)}</span>
            ) : (
              <Link href={crumb.href}>{label(crumb, index)}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
