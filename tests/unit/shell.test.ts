import { describe, expect, it } from 'vitest';
import { translatedCrumb } from '../../host/Breadcrumb';
import { breadcrumbs, documentTitle } from '../../host/breadcrumbs';
import { loadLanguage, translatorFor } from '../../lib/i18n';
import { ROUTES } from '../e2e/routes';

describe('breadcrumbs (spec §2 "Shell")', () => {
  it('starts at Dashboard', () => {
    expect(breadcrumbs('/')).toEqual([{ label: 'Dashboard', href: '/' }]);
  });
  it('has one crumb per path segment, hyphens turned into spaces, each with its own path', () => {
    expect(breadcrumbs('/creator/CR12345/shipment/label')).toEqual([
      { label: 'Dashboard', href: '/' },
      { label: 'creator', href: '/creator' },
      { label: '', href: '/creator/CR12345', record: 'funnel' },
      { label: 'shipment', href: '/creator/CR12345/shipment' },
      { label: 'label', href: '/creator/CR12345/shipment/label' },
    ]);
    expect(breadcrumbs('/data-import-wizard/').map((c) => c.label)).toEqual(['Dashboard', 'data import wizard']);
  });
  it('decodes encoded segments and survives malformed ones', () => {
    expect(breadcrumbs('/a%20b').map((c) => c.label)).toEqual(['Dashboard', 'a b']);
    expect(breadcrumbs('/%E0%A4%A').map((c) => c.label)).toEqual(['Dashboard', '%E0%A4%A']);
  });
  it('name the record of every detail route, never its id', () => {
    const names: Record<string, string> = { 'funnel:CR12345': 'Sarah Johnson', 'order:ord_1': 'ORD-1001', 'inventoryItem:inv_5': 'Bluetooth Speaker' };
    const nameOf = (kind: string, id: string) => names[`${kind}:${id}`];
    const labels = (path: string) => breadcrumbs(path, nameOf).map((c) => c.label);
    expect(labels('/creator/CR12345/shipment/label')).toEqual(['Dashboard', 'creator', 'Sarah Johnson', 'shipment', 'label']);
    expect(labels('/funnel/CR12345')).toEqual(['Dashboard', 'funnel', 'Sarah Johnson']);
    expect(labels('/orders/ord_1')).toEqual(['Dashboard', 'orders', 'ORD-1001']);
    expect(labels('/inventory/inv_5')).toEqual(['Dashboard', 'inventory', 'Bluetooth Speaker']);
    // A record not here (deleted, not loaded yet) has no name: the crumb says what it is instead, not the id.
    expect(breadcrumbs('/inventory/Inv_9', nameOf).at(-1)).toEqual({ label: '', href: '/inventory/Inv_9', record: 'inventoryItem' });
    expect(documentTitle('/inventory/inv_5', undefined, nameOf)).toBe('Bluetooth Speaker · Creatorflow');
    expect(documentTitle('/inventory/Inv_9', undefined, nameOf)).toBe('Item · Creatorflow');
    expect(documentTitle('/orders/ord_1', undefined, nameOf)).toBe('ORD-1001 · Creatorflow');
  });
  it('on /dashboard, one Dashboard crumb (the current page), not "Dashboard / Dashboard"', () => {
    expect(breadcrumbs('/dashboard')).toEqual([{ label: 'Dashboard', href: '/dashboard' }]);
  });
});

describe('document titles', () => {
  it('are capitalised like the headings', () => {
    expect(documentTitle('/')).toBe('Creatorflow');
    expect(documentTitle('/orders')).toBe('Orders · Creatorflow');
    expect(documentTitle('/dashboard')).toBe('Dashboard · Creatorflow');
    expect(documentTitle('/creator/CR12345/shipment/label')).toBe('Label · Creatorflow');
    expect(documentTitle('/docs/getting-started')).toBe('Getting Started · Creatorflow');
  });
  it('say each page of the app in the page\'s language; ids and names stay as they are', async () => {
    await Promise.all([loadLanguage('es'), loadLanguage('fr')]);
    const title = (lang: 'en-US' | 'es' | 'fr', path: string) => documentTitle(path, (heading) => translatedCrumb(heading, translatorFor(lang)) ?? heading);
    const pages = ROUTES.filter((path) => path !== '/' && !/\d/.test(path) && path !== '/no-such-page');
    for (const path of pages) {
      expect(title('en-US', path)).toBe(documentTitle(path));
      expect(title('es', path), path).not.toBe(documentTitle(path));
    }
    expect(title('es', '/orders')).toBe('Pedidos · Creatorflow');
    expect(title('fr', '/help')).toBe('Aide · Creatorflow');
    expect(title('es', '/creator/CR12345/shipment/label')).toBe('Etiqueta · Creatorflow');
    expect(title('fr', '/orders/ORD-1001')).toBe('Order · Creatorflow');
  });
});
