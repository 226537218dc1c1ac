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
      { label: 'CR12345', href: '/creator/CR12345' },
      { label: 'shipment', href: '/creator/CR12345/shipment' },
      { label: 'label', href: '/creator/CR12345/shipment/label' },
    ]);
    expect(breadcrumbs('/data-import-wizard/').map((c) => c.label)).toEqual(['Dashboard', 'data import wizard']);
  });
  it('decodes encoded segments and survives malformed ones', () => {
    expect(breadcrumbs('/a%20b').map((c) => c.label)).toEqual(['Dashboard', 'a b']);
    expect(breadcrumbs('/%E0%A4%A').map((c) => c.label)).toEqual(['Dashboard', '%E0%A4%A']);
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
    expect(title('fr', '/orders/ORD-1001')).toBe('ORD 1001 · Creatorflow');
  });
});
