import { describe, expect, it } from 'vitest';
import { loadLanguage, translatorFor, type LanguageCode } from '../../lib/i18n';
import { activityActionIn, activityDetailsIn, notificationTextIn, notificationTitleIn, orderNoteIn } from '../../lib/i18n/activity';
import { englishOf, type Message } from '../../lib/domain/messages';
import type { ActivityEntry, AppNotification, OrderHistoryEntry } from '../../lib/domain/types';
import { liftActivityEntry, liftNotification, liftOrderNotes } from '../../lib/schema/records';
import { migrateRecords } from '../../lib/schema/migrations';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createStore } from '../../lib/store/createStore';

const loaded = async (lang: LanguageCode) => {
  await loadLanguage(lang);
  return translatorFor(lang);
};

/** An entry an older version stored in English only, lifted as a browser's cache or the server's rows are. */
const old = (action: string, details: string) => liftActivityEntry({ action, details }) as unknown as ActivityEntry;

describe('activity entries stored in English by an older version', () => {
  it('are lifted once into messages and read in the language, with their status words translated', async () => {
    const fr = await loaded('fr');
    expect(activityDetailsIn(fr, old('Order status updated', 'ORD-1002: Processing → Canceled'))).toBe('ORD-1002 : En préparation → Annulée');
    expect(activityDetailsIn(fr, old('Plan changed', 'Pro → Business'))).toBe('De la formule Pro à la formule Business');
    const es = await loaded('es');
    expect(activityDetailsIn(es, old('Settings updated', 'Changed language Spanish'))).toBe('Cambios: idioma Español');
    expect(activityDetailsIn(es, old('API key created', 'API key …a1b2 (Viewer): CRM sync'))).toBe('Clave de API …a1b2 (Lector): CRM sync');
    expect(activityActionIn(es, old('Plan changed', 'Pro → Business'))).toBe(es.t('activity.action.planChanged'));
  });

  it('keep their English word for word, and a text no template reads stays as written', async () => {
    const es = await loaded('es');
    for (const [action, details] of [
      ['Order status updated', 'ORD-1002: Processing → Canceled (Stock returned to inventory: 2 × WE-001)'],
      ['Calendar event added', 'Reminder "Call" 2026-03-12T10:00 → 2026-03-12T11:00 (Sarah Johnson)'],
      ['Settings updated', 'Changed company name "Acme, Inc.", time zone Eastern Time (ET)'],
      ['Order status updated', 'Written by an older version'],
    ]) {
      const lifted = old(action, details);
      expect(englishOf(lifted.message!.details)).toBe(details);
      expect(englishOf(lifted.message!.action)).toBe(action);
    }
    expect(activityDetailsIn(es, old('Order status updated', 'Written by an older version'))).toBe('Written by an older version');
    // A message whose key a later version retired shows the stored English.
    const retired = { key: 'activity.retired' } as unknown as Message;
    expect(activityDetailsIn(es, { details: 'As stored', message: { action: retired, details: retired } })).toBe('As stored');
    // A short template is read only for its own action: the same text under another action is data.
    expect(activityDetailsIn(es, old('Integration connected', 'Pro → Business'))).toBe('Pro → Business');
  });

  it('are lifted by the schema migration of a stored workspace, once', () => {
    const records = [
      { collection: 'activity', id: 'a1', value: { id: 'a1', action: 'Plan changed', details: 'Pro → Business' } },
      { collection: 'notifications', id: 'n1', value: { id: 'n1', title: 'Sarah Johnson: Shipped', message: 'Status updated to Contract for Mike Chen.' } },
      { collection: 'orders', id: 'o1', value: { id: 'o1', stockDeducted: true, history: [{ id: 'h1', status: 'New', note: 'Order created' }, { id: 'h2', status: 'Processing' }] } },
    ];
    const lifted = migrateRecords(records, 3);
    expect(lifted[0].value).toMatchObject({ message: { action: { key: 'activity.action.planChanged' }, details: { key: 'activity.byAction.planChanged' } } });
    expect(lifted[1].value).toMatchObject({ said: { title: { key: 'notifications.statusTitle' }, message: { key: 'domain.funnels.notifyStatus' } } });
    expect((lifted[2].value as { history: OrderHistoryEntry[] }).history).toEqual([
      { id: 'h1', status: 'New', note: 'Order created', said: { key: 'activity.action.orderCreated' } },
      { id: 'h2', status: 'Processing' },
    ]);
    // Lifting again changes nothing: a record with its message keeps it.
    expect(migrateRecords(lifted, 3)).toEqual(lifted);
  });
});

describe('notifications and order notes', () => {
  it('stored in English only are said in the language once lifted', async () => {
    const es = await loaded('es');
    const note = (liftOrderNotes({ history: [{ id: 'h', status: 'Shipped', note: 'Stock deducted: 2 × WE-001. Tracking 1Z999 via UPS' }] }) as { history: OrderHistoryEntry[] }).history[0];
    expect(orderNoteIn(es, note)).toBe('Existencias descontadas: 2 × WE-001. Seguimiento 1Z999 con UPS');
    const n = liftNotification({ title: 'Sarah Johnson: Shipped', message: 'Product has been shipped to Sarah Johnson. Tracking information sent.' }) as unknown as AppNotification;
    expect(notificationTitleIn(es, n)).toBe(`Sarah Johnson: ${es.t('creator.status.Shipped')}`);
    expect(notificationTextIn(es, n)).toBe('El producto se ha enviado a Sarah Johnson. Se ha enviado la información de seguimiento.');
  });

  it('written now carry their messages, and an English reader sees the English', async () => {
    const es = await loaded('es');
    const en = await loaded('en-US');
    const store = createStore({ storage: createMemoryStorage(), now: () => new Date('2026-03-10T12:00:00.000Z') });
    await store.loaded;
    const order = store.orders.items.items.peek().find((o) => o.orderNumber === 'ORD-1001')!;
    expect(order.stockDeducted).toBe(false);
    expect(store.orders.shipWithTracking(order.id, { trackingNumber: '1Z999', carrierName: 'UPS' }).ok).toBe(true);
    const last = store.orders.items.items.peek().find((o) => o.id === order.id)!.history.at(-1)!;
    expect(last.said).toBeDefined();
    expect(englishOf(last.said!)).toBe(last.note);
    expect(orderNoteIn(en, last)).toBe(last.note);
    expect(orderNoteIn(es, last)).toMatch(/^Existencias descontadas: .*\. Seguimiento 1Z999 con UPS$/);
  });
});

describe('entries the product writes', () => {
  // Entries that hold only names, codes and addresses have nothing to translate.
  const DATA_ONLY = new Set(['Inventory item added', 'Integration connected', 'Order shipped', 'Order notes saved', 'Signed in', 'Webhook settings updated']);

  it.each(['es', 'fr'] as const)('each carries its message, says its English word for word, and reads differently in %s', async (lang) => {
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
    const all: ActivityEntry[] = store.admin.activity.items.peek().filter((e) => !before.has(e.id));
    for (const e of all) {
      expect(e.message, e.action).toBeDefined();
      expect(englishOf(e.message!.action)).toBe(e.action);
      expect(englishOf(e.message!.details)).toBe(e.details);
    }
    const written = all.filter((e) => !DATA_ONLY.has(e.action));
    expect(written.length).toBeGreaterThanOrEqual(10);
    for (const e of written) expect(activityDetailsIn(i18n, e, 'UTC'), `${e.action}: ${e.details}`).not.toBe(e.details);
  });
});
