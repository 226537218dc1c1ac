import { describe, expect, it } from 'vitest';
import { loadLanguage, translatorFor, type LanguageCode } from '../../lib/i18n';
import { activityDetailsIn, orderNoteIn } from '../../lib/i18n/activity';
import type { ActivityEntry } from '../../lib/domain/types';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createStore } from '../../lib/store/createStore';

const loaded = async (lang: LanguageCode) => {
  await loadLanguage(lang);
  return translatorFor(lang);
};

const entry = (action: string, details: string) => ({ action, details });

describe('activity details in Spanish and French', () => {
  it('read entries written before, with their status words translated', async () => {
    const fr = await loaded('fr');
    expect(activityDetailsIn(fr, entry('Order status updated', 'ORD-1002: Processing → Canceled'))).toBe('ORD-1002 : En préparation → Annulée');
    expect(activityDetailsIn(fr, entry('Plan changed', 'Pro → Business'))).toBe('De la formule Pro à la formule Business');
    const es = await loaded('es');
    expect(activityDetailsIn(es, entry('Settings updated', 'Changed language Spanish'))).toBe('Cambios: idioma Español');
    expect(activityDetailsIn(es, entry('API key created', 'API key …a1b2 (Viewer): CRM sync'))).toBe('Clave de API …a1b2 (Lector): CRM sync');
  });

  it('show a details text no template reads as it was written', async () => {
    const es = await loaded('es');
    expect(activityDetailsIn(es, entry('Order status updated', 'Written by an older version'))).toBe('Written by an older version');
    // A short template is read only for its own action: the same text under another action is data.
    expect(activityDetailsIn(es, entry('Integration connected', 'Pro → Business'))).toBe('Pro → Business');
  });

  it('say order history notes in the language', async () => {
    const es = await loaded('es');
    expect(orderNoteIn(es, 'Stock deducted: 2 × WE-001. Tracking 1Z999 via UPS')).toBe('Existencias descontadas: 2 × WE-001. Seguimiento 1Z999 con UPS');
  });

  // Entries that hold only names, codes and addresses have nothing to translate.
  const DATA_ONLY = new Set(['Inventory item added', 'Integration connected', 'Order shipped', 'Order notes saved', 'Signed in', 'Webhook settings updated']);

  it.each(['es', 'fr'] as const)('each entry the product writes reads differently from the English in %s', async (lang) => {
    const i18n = await loaded(lang);
    const store = createStore({ storage: createMemoryStorage(), now: () => new Date('2026-03-10T12:00:00.000Z') });
    await store.loaded;
    const before = new Set(store.admin.activity.items.peek().map((e) => e.id));
    const order = store.orders.items.items.peek().find((o) => o.orderNumber === 'ORD-1001')!;
    expect(store.orders.changeStatus(order.id, 'Processing').ok).toBe(true);
    expect(store.orders.changeStatus(order.id, 'Canceled').ok).toBe(true);
    expect(store.admin.changePlan('Business').ok).toBe(true);
    expect(store.calendar.addEvent({ title: 'Call Sarah', start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'reminder', description: '', creatorName: 'Sarah Johnson' }).ok).toBe(true);
    expect(store.admin.saveSettings({ companyName: 'Acme, Inc.', timeZone: 'America/New_York', language: 'fr' }).ok).toBe(true);
    const email = store.notifications.items.items.peek().find((n) => n.type === 'email' && !n.read)!;
    expect(store.notifications.markRead(email.id).ok).toBe(true);
    expect(store.notifications.snooze(email.id, 1).ok).toBe(true);
    expect(store.notifications.dismiss(email.id).ok).toBe(true);
    const funnel = store.funnels.items.items.peek()[0];
    expect(store.funnels.setInterestTags(funnel.id, []).ok).toBe(true);
    expect(store.admin.setAutomationDefaults({ payment: false, shipment: true, review: false }).ok).toBe(true);
    const written: ActivityEntry[] = store.admin.activity.items.peek().filter((e) => !before.has(e.id) && !DATA_ONLY.has(e.action));
    expect(written.length).toBeGreaterThanOrEqual(10);
    for (const e of written) expect(activityDetailsIn(i18n, e, 'UTC'), `${e.action}: ${e.details}`).not.toBe(e.details);
  });
});
