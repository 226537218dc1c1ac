// The untranslated-text check: each screen below is rendered in English, then in Spanish and in
// French; any visible text (text nodes, placeholders, accessible names) that is still exactly as
// in English fails, unless it is workspace data (names, SKUs, handles) or in the allowlist of
// words that are the same in both languages.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SALES_EMAIL } from '../../lib/domain/billing';
import { SYSTEM_FIELDS } from '../../lib/domain/types';
import { loadLanguage, type LanguageCode } from '../../lib/i18n';
import { sampleWorkspace } from '../../lib/sample';
import { SAMPLE_FAQS, SAMPLE_TUTORIALS } from '../../lib/sample/help';
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
  ]),
};

/** The CSV file the import check chooses: its name is the member's data. */
const IMPORT_FILE = 'creators.csv';

/** The screens translated so far, each with what to do before reading its texts. */
const SCREENS: { name: string; ui: () => ReactElement; open?: () => Promise<void> }[] = [
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
];

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

function visibleTexts(root: HTMLElement): Set<string> {
  const texts = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (text && !node.parentElement?.closest(`script, style, ${PAGE_WIDE}, ${DATA_ELEMENTS}`)) texts.add(text);
  }
  for (const element of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
    if (element.closest(PAGE_WIDE)) continue;
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

const DATA = dataStrings([sampleWorkspace(FIXED_NOW), SAMPLE_FAQS, SAMPLE_TUTORIALS]);
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
      expect(english.size).toBeGreaterThan(5);
    });
  });
});
