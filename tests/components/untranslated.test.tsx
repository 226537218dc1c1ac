// The untranslated-text check: each screen below is rendered in English, then in Spanish and in
// French; any visible text (text nodes, placeholders, accessible names) that is still exactly as
// in English fails, unless it is workspace data (names, SKUs, handles) or in the allowlist of
// words that are the same in both languages.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SALES_EMAIL } from '../../lib/domain/billing';
import { SYSTEM_FIELDS } from '../../lib/domain/types';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { sampleWorkspace } from '../../lib/sample';
import { SAMPLE_FAQS, SAMPLE_TUTORIALS } from '../../lib/sample/help';
import { API_ENDPOINTS, sdkExamples } from '../../lib/sample/developer';
import { WEBHOOK_EVENT_TYPES } from '../../lib/domain/types';
import { DocsApi, DocsDashboard, Maintenance, NotFound, Privacy, Support, Terms } from '../../host/pages';
import { AcceptInvitation, Setup, SignIn } from '../../host/pages/Auth';
import { SUPPORT_EMAIL } from '../../host/pages/Support';
import { configureDeveloperClient, type DeveloperClient, type WebhookDeliveryInfo, type WebhookEndpointInfo } from '../../lib/developer/client';
import { API_ROUTES } from '../../server/api/v1';
import { openApiDocument } from '../../server/api/openapi';
import { Developer } from '../../widgets/developer';
import { DashboardOverview, FunnelBoard, FunnelDashboard } from '../../widgets/funnel-board';
import { DEFAULT_MATCHING_CRITERIA, INTEREST_TAG_SUGGESTIONS, SUGGESTED_CREATORS } from '../../lib/sample/suggestions';
import { CREATOR_PLATFORMS } from '../../lib/domain/new-funnel';
import { Analytics } from '../../widgets/analytics';
import { Billing } from '../../widgets/billing';
import { Calendar } from '../../widgets/calendar';
import { CreativeBrief, CreatorDetail, ShipmentTracking, ShippingLabel } from '../../widgets/creator';
import { DataExport } from '../../widgets/data-export';
import { DataImport } from '../../widgets/data-import';
import { ActivityLog } from '../../widgets/activity';
import { HelpCenter } from '../../widgets/help';
import { Inventory } from '../../widgets/inventory';
import { Integrations } from '../../widgets/integrations';
import { Notifications } from '../../widgets/notifications';
import { Onboarding } from '../../widgets/onboarding';
import { Orders } from '../../widgets/orders';
import { ProfileSettings, Settings } from '../../widgets/settings';
import { Team } from '../../widgets/team';
import { initials } from '../../widgets/ui/Avatar';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { NavigationProvider } from '../../widgets/ui/navigation';
import { StoreProvider } from '../../widgets/ui/store-context';
import { FIXED_NOW, makeStore } from '../helpers/render';

/** The same in English, Spanish and French (or not words): brand, units, codes. One per line. */
const ALLOWLIST = new Set([
  'Creatorflow',
  'UTC',
  'OK',
  'CSV',
  'ROI',
  'SMS',
  'Slack',
  'SKU',
  'Visa',
  'Webhooks',
  'Endpoint',
  'Endpoints',
  'https://example.com/webhooks',
  'https://portal.example.com',
  SUPPORT_EMAIL,
  SALES_EMAIL,
  ...SYSTEM_FIELDS,
]);
/** Words a language shares with English. One per line. */
const SAME_IN: Record<'es' | 'fr', Set<string>> = {
  es: new Set([
    'ROI',
    'Total',
    'Subtotal',
    'Editor',
  ]),
  fr: new Set([
    'Notifications',
    'Funnels',
    'Description',
    'Documentation',
    'Date',
    'Impressions',
    'Conversions',
    'Suggestions',
    'Page',
    'Notifications top-right',
    'Notifications bottom-right',
    'Notifications top-center',
    'Total',
    'Notes',
    'Stock',
    'Actions',
    'Action',
    'Type',
    'Notification',
    'Funnel',
    'E-commerce',
    'Services',
    'Engagement',
    'Brief',
    'Message',
    'Conversion',
    'Niche',
    'Style',
    'Production',
    'Budget (USD)',
  ]),
};

/** The CSV file the import check chooses: its name is the member's data. */
const IMPORT_FILE = 'creators.csv';

/** The screens translated so far, each with what to do before reading its texts. */
const SCREENS: { name: string; ui: () => ReactElement; open?: () => Promise<void>; fewTexts?: boolean }[] = [
  { name: 'Settings (General Settings)', ui: () => <Settings /> },
  { name: 'Profile', ui: () => <ProfileSettings /> },
  { name: 'Notifications', ui: () => <Notifications /> },
  // Its questions and tutorials are sample content kept in English, with a note saying so.
  { name: 'Help Center', ui: () => <HelpCenter /> },
  {
    name: 'Calendar (with Add Event open)',
    ui: () => <Calendar />,
    open: async () => {
      await screen.findByRole('button', { name: /^(Today|Hoy|Aujourd’hui)$/ });
      const add = screen.getAllByRole('button').find((button) => button.closest('.cf-row'))!;
      await act(async () => add.click());
    },
  },
  {
    name: 'Export Data (a type chosen)',
    ui: () => <DataExport />,
    open: async () => {
      const type = screen.getAllByRole('button', { pressed: false })[0];
      await act(async () => type.click());
    },
  },
  { name: 'Orders (list)', ui: () => <Orders /> },
  {
    name: 'Order detail (Add Tracking open)',
    ui: () => <Orders />,
    open: async () => {
      await act(async () => openOrder('ORD-1002'));
      const addTracking = await screen.findByRole('button', { expanded: false });
      await act(async () => addTracking.click());
    },
  },
  {
    name: 'Order shipping label',
    ui: () => <Orders />,
    open: async () => {
      await act(async () => openOrder('ORD-1003'));
      await act(async () => screen.getByRole('button', { name: /^(Print Label|Imprimir etiqueta|Imprimer l’étiquette)$/ }).click());
    },
  },
  {
    name: 'New Order',
    ui: () => <Orders />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(New Order|Nuevo pedido|Nouvelle commande)$/ }).click());
    },
  },
  { name: 'Inventory', ui: () => <Inventory /> },
  {
    name: 'Inventory item details',
    ui: () => <Inventory />,
    open: async () => {
      const [view] = await screen.findAllByRole('button', { name: /^(View details of|Ver los detalles de|Voir le détail de) / });
      await act(async () => view.click());
    },
  },
  {
    name: 'Inventory Add Item',
    ui: () => <Inventory />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Add Item|Añadir artículo|Ajouter un article)$/ }).click());
    },
  },
  // A creator at Shipped: the agreement shows too.
  { name: 'Creator detail', ui: () => <CreatorDetail creatorId="CR12347" /> },
  {
    name: 'Creator detail (Send Outreach open)',
    ui: () => <CreatorDetail creatorId="CR12347" />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Send Outreach|Enviar mensaje|Envoyer un message)$/ }).click());
    },
  },
  {
    name: 'Creator detail (a step being edited)',
    ui: () => <CreatorDetail creatorId="CR12347" />,
    open: async () => {
      await act(async () => screen.getAllByRole('button', { name: /^(Edit step|Editar el paso|Modifier l’étape) / })[0].click());
    },
  },
  {
    name: 'Creator shipping label (generated)',
    ui: () => <ShippingLabel creatorId="CR12347" />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(Generate Label|Generar etiqueta|Générer l’étiquette)$/ }).click());
    },
  },
  { name: 'Creator shipment tracking', ui: () => <ShipmentTracking creatorId="CR12347" /> },
  { name: 'Creative brief', ui: () => <CreativeBrief creatorId="CR12347" /> },
  { name: 'Team', ui: () => <Team /> },
  {
    name: 'Activity log (filters open)',
    ui: () => <ActivityLog />,
    open: async () => {
      const filters = await screen.findByRole('button', { name: /^(Filters|Filtros|Filtres)$/ });
      await act(async () => filters.click());
    },
  },
  { name: 'Billing', ui: () => <Billing /> },
  { name: 'Integrations', ui: () => <Integrations /> },
  {
    name: 'Import Data (a file chosen, one row refused)',
    ui: () => <DataImport />,
    open: async () => {
      // The file's own headers are the CSV's column names (code, like the allowlisted fields); its cells are sample data.
      const csv = new File(['creator_handle,creator_name\n@sarahjstyle,Sarah Johnson\n,Mike Chen\n'], IMPORT_FILE, { type: 'text/csv' });
      await userEvent.setup().upload(document.querySelector<HTMLInputElement>('#cf-import-file')!, csv);
      await screen.findByRole('table');
    },
  },
  { name: 'Analytics', ui: () => <Analytics /> },
  { name: 'Onboarding', ui: () => <Onboarding /> },
  { name: 'Not found (404)', ui: () => <NotFound /> },
  { name: 'Maintenance', ui: () => <Maintenance /> },
  { name: 'Support', ui: () => <Support /> },
  // Their long text stays English, marked lang="en", under a note in the chosen language.
  { name: 'Terms of Service', ui: () => <Terms />, fewTexts: true },
  { name: 'Privacy Policy', ui: () => <Privacy />, fewTexts: true },
  { name: 'Dashboard guide', ui: () => <DocsDashboard />, fewTexts: true },
  { name: 'API reference', ui: () => <DocsApi />, fewTexts: true },
  { name: 'Sign in', ui: () => onTeamServer('/signin') },
  {
    name: 'Accept invitation',
    ui: () => onTeamServer('/invite/tok123', { email: 'olivia.brown@example.com', role: 'Editor', workspaceName: 'Creatorflow Demo Co.' }),
    open: async () => {
      await screen.findByRole('button', { name: /^(Accept invitation|Aceptar la invitación|Accepter l’invitation)$/ });
    },
  },
  {
    name: 'Set up Creatorflow',
    ui: () => onTeamServer('/setup?token=tok123', { email: 'olivia.brown@example.com', name: 'Olivia Brown', workspaceName: 'Creatorflow Demo Co.' }),
    open: async () => {
      await screen.findByRole('button', { name: /^(Save password and sign in|Guardar la contraseña e iniciar sesión|Enregistrer le mot de passe et se connecter)$/ });
    },
  },
  { name: 'Developer (API Reference)', ui: () => <Developer /> },
  {
    name: 'Developer (Webhooks, a payload open)',
    ui: () => <Developer />,
    open: async () => {
      await act(async () => screen.getAllByRole('tab')[1].click());
      const view = await screen.findAllByRole('button', { name: /^(View payload|Ver la carga útil|Voir le contenu) / });
      await act(async () => view[0].click());
    },
  },
  { name: 'Developer (SDK Examples)', ui: () => <Developer />, open: async () => act(async () => screen.getAllByRole('tab')[2].click()) },
  {
    name: 'Developer with a team server (keys, Webhooks)',
    ui: () => {
      configureDeveloperClient(fakeDeveloperServer());
      return <Developer />;
    },
    open: async () => {
      await screen.findAllByRole('cell', { name: '—' });
      await act(async () => screen.getAllByRole('tab')[1].click());
      await screen.findAllByRole('button', { name: /^(View payload|Ver la carga útil|Voir le contenu) / });
    },
  },
  {
    name: 'Funnel board (a card expanded, its step being edited, filters open and chosen)',
    ui: () => <FunnelBoard />,
    open: async () => {
      const [expand] = await screen.findAllByRole('button', { name: /^(Expand|Desplegar|Déplier) / });
      await act(async () => expand.click());
      await act(async () => screen.getAllByRole('button', { name: /^(Edit step|Editar el paso|Modifier l’étape) / })[0].click());
      await act(async () => screen.getByRole('button', { name: /^(Filters|Filtros|Filtres)$/ }).click());
      for (const group of screen.getAllByRole('group')[0].querySelectorAll('fieldset')) await act(async () => group.querySelector('input')!.click());
    },
  },
  { name: 'Funnel board (nothing found)', ui: () => <FunnelBoard defaultSearch="no such creator anywhere" /> },
  { name: 'Funnel board (an unknown funnel)', ui: () => <FunnelBoard funnelId="CR00000" />, fewTexts: true },
  {
    name: 'New Funnel (the first step refused)',
    ui: () => <FunnelBoard />,
    open: async () => {
      await act(async () => screen.getByRole('button', { name: /^(New Funnel|Nuevo embudo|Nouveau funnel)$/ }).click());
      await act(async () => screen.getByRole('button', { name: /^(Next|Siguiente|Suivant)$/ }).click());
      await waitFor(() => expect(document.querySelector('[aria-invalid="true"]')).not.toBeNull());
    },
  },
  { name: 'Funnel Dashboard (widgets; top creators, video only)', ui: () => <FunnelDashboard filter="top_creators" contentType="video" /> },
  { name: 'Dashboard (a KPI filter, a creator expanded)', ui: () => <DashboardOverview filter="engagement_top10" creator="@emmadavisfit" expand /> },
  { name: 'No team server (sign in without a server)', ui: () => <MemoryRouter initialEntries={['/signin']}><SignIn /></MemoryRouter> },
];

/** What a team server's developer API answers: one key, one endpoint, one delivery. */
const TEAM_DEVELOPER = {
  key: { id: 'key_1', name: '', role: 'Editor' as const, lastFour: '9f3c', allowedOrigins: [], createdBy: 'Alex Morgan', createdAt: '2026-03-10T11:00:00.000Z', lastUsedAt: null, revokedAt: null },
  endpoint: { id: 'we_1', url: 'http://127.0.0.1:9999/hooks', events: ['funnel.status.updated'], createdAt: '2026-03-10T11:00:00.000Z', disabledAt: null, disabledReason: null } as WebhookEndpointInfo,
  delivery: {
    id: 'msg_1',
    endpointId: 'we_1',
    type: 'funnel.status.updated',
    status: 'delivered' as const,
    attempts: 2,
    lastStatusCode: 200,
    lastError: null,
    createdAt: '2026-03-10T11:30:00.000Z',
    deliveredAt: '2026-03-10T11:30:05.000Z',
    payload: { id: 'msg_1' },
  } as WebhookDeliveryInfo,
};

function fakeDeveloperServer(): DeveloperClient {
  const refuse = () => Promise.reject(new Error('not in this check'));
  return {
    keys: async () => [TEAM_DEVELOPER.key],
    createKey: refuse,
    regenerateKey: refuse,
    revokeKey: refuse,
    webhooks: async () => ({ endpoints: [TEAM_DEVELOPER.endpoint], deliveries: [TEAM_DEVELOPER.delivery] }),
    addEndpoint: refuse,
    updateEndpoint: refuse,
    endpointSecret: refuse,
    removeEndpoint: refuse,
    sendTestEvent: refuse,
    openApi: async () => openApiDocument(API_ROUTES),
  };
}

/** A sign-in page as the team server serves it (its mark on the page), its look-up answered with `info`. */
function onTeamServer(path: string, info?: unknown): ReactElement {
  if (!document.head.querySelector('meta[name="cf-server"]')) {
    const meta = document.createElement('meta');
    meta.name = 'cf-server';
    meta.content = '1';
    document.head.append(meta);
  }
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(info ?? {}), { status: 200, headers: { 'content-type': 'application/json' } })));
  return (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signin" element={<SignIn />} />
        <Route path="/invite/:token" element={<AcceptInvitation />} />
        <Route path="/setup" element={<Setup />} />
      </Routes>
    </MemoryRouter>
  );
}

/** Opens an order from the Orders list by its number (the row's label is translated, its number is not). */
async function openOrder(orderNumber: string) {
  const rows = await screen.findAllByRole('row', { name: new RegExp(`${orderNumber}$`) });
  rows[0].click();
  await screen.findByRole('heading', { level: 1, name: new RegExp(`${orderNumber}$`) });
}

/** The page's one toaster follows the page's language, not a screen's own (it may move into a dialog). */
const PAGE_WIDE = '.cf-toaster';
/** Workspace data laid out: postal addresses on lines (street, city, state, postal code), a name's initials. */
const DATA_ELEMENTS = 'address, .cf-avatar';
/** Text a screen keeps in English on purpose says so with lang="en" (the screens' own root says en-US, es or fr). */
const KEPT_ENGLISH = '[lang="en"]';
/** Code (keys, paths, JSON) is not words in any language. */
const CODE = 'code, pre';

function visibleTexts(root: HTMLElement): Set<string> {
  const texts = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text && !node.parentElement?.closest(`script, style, ${CODE}, ${PAGE_WIDE}, ${KEPT_ENGLISH}, ${DATA_ELEMENTS}`)) texts.add(text);
  }
  for (const element of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (element.closest(`${PAGE_WIDE}, ${KEPT_ENGLISH}`)) continue;
    for (const attribute of ['placeholder', 'aria-label', 'title']) {
      const value = element.getAttribute(attribute)?.trim();
      if (value) texts.add(value);
    }
  }
  return texts;
}

/** Every string in the sample workspace: names, SKUs, handles and other data are not translated. */
function dataStrings(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') into.add(value.trim());
  else if (Array.isArray(value)) value.forEach((item) => dataStrings(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => dataStrings(item, into));
  return into;
}

// The API's own words (endpoint descriptions, event types, code examples) are documentation data too.
const DATA = dataStrings([
  sampleWorkspace(FIXED_NOW),
  SAMPLE_FAQS,
  SAMPLE_TUTORIALS,
  API_ENDPOINTS,
  API_ENDPOINTS.map((doc) => `${doc.method} ${doc.path}`),
  WEBHOOK_EVENT_TYPES,
  sdkExamples(),
  TEAM_DEVELOPER,
  // Suggested interest tags and matching criteria are sample tags, kept as they read; so are the
  // suggested creators; platform names are brands.
  INTEREST_TAG_SUGGESTIONS,
  DEFAULT_MATCHING_CRITERIA,
  SUGGESTED_CREATORS,
  CREATOR_PLATFORMS,
]);
// An avatar's initials come from a name, so they are data too.
for (const text of [...DATA]) DATA.add(initials(text));
DATA.add(IMPORT_FILE);

async function textsOf(entry: (typeof SCREENS)[number], lang: LanguageCode) {
  await loadLanguage(lang);
  const store = await makeStore();
  const { container } = render(
    <StoreProvider store={store}>
      <NavigationProvider value={{ navigate: () => {} }}>
        <LanguageProvider lang={lang}>{entry.ui()}</LanguageProvider>
      </NavigationProvider>
    </StoreProvider>,
  );
  await screen.findAllByRole('heading', { level: 1 });
  await entry.open?.();
  const texts = visibleTexts(container);
  cleanup();
  document.head.querySelector('meta[name="cf-server"]')?.remove();
  vi.unstubAllGlobals();
  configureDeveloperClient(null);
  return texts;
}

describe('nothing is left in English', () => {
  describe.each(SCREENS)('$name', (entry) => {
    it.each(['es', 'fr'] as const)('in %s', async (lang) => {
      const english = await textsOf(entry, 'en-US');
      const translated = await textsOf(entry, lang);
      const untranslated = [...translated].filter(
        // Texts without a letter (numbers, emoji, ×) have nothing to translate.
        (text) => english.has(text) && /\p{L}/u.test(text) && !ALLOWLIST.has(text) && !SAME_IN[lang].has(text) && !DATA.has(text),
      );
      expect(untranslated).toEqual([]);
      // The check sees the screen: it has texts in both languages.
      // (A page whose text is kept in English has only its title and a few words of its own.)
      expect(english.size).toBeGreaterThan(entry.fewTexts ? 0 : 5);
    });
  });
});
