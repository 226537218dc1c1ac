// The untranslated-text check, shared by the tests/components/untranslated-*.test.tsx files: each
// screen state is rendered in English, then in Spanish and in French; any visible text (text
// nodes, placeholders, accessible names) that is still exactly as in English fails, unless it is
// workspace data (names, SKUs, handles) or in the allowlist of words that are the same in both languages.
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { SALES_EMAIL } from '../../lib/domain/billing';
import { endpointDocsFromOpenApi } from '../../lib/domain/developer';
import { CREATOR_PLATFORMS } from '../../lib/domain/new-funnel';
import { SYSTEM_FIELDS, WEBHOOK_EVENT_TYPES } from '../../lib/domain/types';
import { configureDeveloperClient, type DeveloperClient, type WebhookDeliveryInfo, type WebhookEndpointInfo } from '../../lib/developer/client';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { sampleWorkspace } from '../../lib/sample';
import { sampleIntegrations } from '../../lib/sample/workspace';
import { API_ENDPOINTS } from '../../lib/sample/developer';
import { sdkExampleFiles } from '../../widgets/developer/sdk-examples';
import { SAMPLE_FAQS, SAMPLE_TUTORIALS } from '../../lib/sample/help';
import { DEFAULT_MATCHING_CRITERIA, INTEREST_TAG_SUGGESTIONS, SUGGESTED_CREATORS } from '../../lib/sample/suggestions';
import { AcceptInvitation, Setup, SignIn } from '../../host/pages/Auth';
import { SUPPORT_EMAIL } from '../../host/pages/Support';
import { openApiDocument } from '../../server/api/openapi';
import { API_ROUTES } from '../../server/api/v1';
import { initials } from '../../widgets/ui/Avatar';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { NavigationProvider } from '../../widgets/ui/navigation';
import { StoreProvider } from '../../widgets/ui/store-context';
import { FIXED_NOW, makeStore } from './render';

/** One screen state the check renders. */
export interface ScreenState {
  name: string;
  ui: () => ReactElement;
  /** What to do before reading its texts (open a dialog, submit a form). */
  open?: () => Promise<void>;
  /** A page whose text is kept in English has only its title and a few words of its own. */
  fewTexts?: boolean;
}

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
  'cURL',
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
    'Commission',
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
export const IMPORT_FILE = 'creators.csv';

/** What a team server's developer API answers: one key, one endpoint, one delivery. */
export const TEAM_DEVELOPER = {
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

/** A team server's developer API answering with TEAM_DEVELOPER; a new key's secret is code. */
export function fakeDeveloperServer(): DeveloperClient {
  const refuse = () => Promise.reject(new Error('not in this check'));
  return {
    keys: async () => [TEAM_DEVELOPER.key],
    createKey: async () => ({ key: TEAM_DEVELOPER.key, secret: 'cf_live_0123456789abcdef' }),
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
export function onTeamServer(path: string, info?: unknown): ReactElement {
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

/** The page's one toaster follows the page's language, not a screen's own (it may move into a dialog). */
const PAGE_WIDE = '.cf-toaster';
/** Workspace data laid out: postal addresses on lines (street, city, state, postal code), a name's initials. */
const DATA_ELEMENTS = 'address, .cf-avatar';
/**
 * Text a screen keeps in another language on purpose says so with a lang of its own (the screens'
 * own root says en-US, es or fr): lang="en" for what stays English, and each language's name in
 * the language picker in that language ("Español" with lang="es").
 */
const KEPT_IN_ITS_OWN = (screenLang: LanguageCode) => `[lang]:not([lang="${screenLang}"])`;
/** Code (keys, paths, JSON) is not words in any language. */
const CODE = 'code, pre';

function visibleTexts(root: HTMLElement, lang: LanguageCode): Set<string> {
  const KEPT_ENGLISH = KEPT_IN_ITS_OWN(lang);
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
  // A team server documents its API from its OpenAPI document, in English like the API itself.
  endpointDocsFromOpenApi(openApiDocument(API_ROUTES)),
  endpointDocsFromOpenApi(openApiDocument(API_ROUTES)).map((doc) => `${doc.method} ${doc.path}`),
  WEBHOOK_EVENT_TYPES,
  sdkExampleFiles(location.origin).map((example) => example.code),
  TEAM_DEVELOPER,
  // Suggested interest tags and matching criteria are sample tags, kept as they read; so are the
  // suggested creators; platform names are brands.
  INTEREST_TAG_SUGGESTIONS,
  DEFAULT_MATCHING_CRITERIA,
  SUGGESTED_CREATORS,
  CREATOR_PLATFORMS,
]);
// The built-in services' descriptions are product text, said in each language.
for (const integration of sampleIntegrations(FIXED_NOW)) DATA.delete(integration.description);
// An avatar's initials come from a name, so they are data too.
for (const text of [...DATA]) DATA.add(initials(text));
DATA.add(IMPORT_FILE);

async function textsOf(entry: ScreenState, lang: LanguageCode) {
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
  const texts = visibleTexts(container, lang);
  cleanup();
  document.head.querySelector('meta[name="cf-server"]')?.remove();
  vi.unstubAllGlobals();
  configureDeveloperClient(null);
  return texts;
}

/** Renders each state in English, Spanish and French and fails on any text Spanish or French left in English. */
export function expectNothingLeftInEnglish(states: readonly ScreenState[]) {
  describe('nothing is left in English', () => {
    describe.each(states)('$name', (entry) => {
      it.each(['es', 'fr'] as const)('in %s', async (lang) => {
        const english = await textsOf(entry, 'en-US');
        const translated = await textsOf(entry, lang);
        const untranslated = [...translated].filter(
          // Texts without a letter (numbers, emoji, ×) have nothing to translate.
          (text) => english.has(text) && /\p{L}/u.test(text) && !ALLOWLIST.has(text) && !SAME_IN[lang].has(text) && !DATA.has(text),
        );
        expect(untranslated).toEqual([]);
        // The check sees the screen: it has texts in both languages.
        expect(english.size).toBeGreaterThan(entry.fewTexts ? 0 : 5);
      });
    });
  });
}
