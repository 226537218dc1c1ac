// Permissions are enforced in the store's actions, not only by disabled
// buttons. Every writing action is called directly for an Admin (it must succeed, so the
// arguments are valid and a refusal below is about the member, not the input), a Viewer and a
// signed-out member (refused with a clear message, nothing changed, nothing stored), and each
// flag-gated action for an Editor whose flag is off.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/domain/constants';
import { emptyNewFunnelDraft } from '../../lib/domain/new-funnel';
import type { Permission, Result } from '../../lib/domain/types';
import { createStore, type Store } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageAdapter } from '../../lib/storage/types';

const now = () => new Date('2026-03-10T12:00:00Z');
const SIGNED_OUT = 'You are signed out. Sign in to make changes.';

async function makeStore(setup?: (store: Store) => void) {
  const inner = createMemoryStorage();
  const counter = { writes: 0 };
  const storage: StorageAdapter = {
    ...inner,
    write: async (ops) => {
      counter.writes += 1;
      await inner.write(ops);
    },
  };
  const store = createStore({ storage, now });
  await store.loaded;
  setup?.(store);
  await store.flush();
  return { store, counter, storage: inner };
}

/** Every signal the store holds (collections and singletons of every slice), as JSON. */
function snapshot(store: Store): string {
  const out: Record<string, unknown> = {};
  for (const [sliceName, slice] of Object.entries(store)) {
    if (!slice || typeof slice !== 'object') continue;
    for (const [key, value] of Object.entries(slice as Record<string, unknown>)) {
      if (!value || typeof value !== 'object') continue;
      const v = value as { items?: { peek(): unknown }; peek?: () => unknown };
      if (v.items && typeof v.items.peek === 'function') out[`${sliceName}.${key}`] = v.items.peek();
      else if (typeof v.peek === 'function') out[`${sliceName}.${key}`] = v.peek();
    }
  }
  return JSON.stringify(out);
}

interface Case {
  name: string;
  /** The permission flag that gates the action, besides the role. */
  flag?: Permission;
  /** A personal preference any signed-in member may set (Viewers included). */
  viewerAllowed?: boolean;
  /** Admins only: every other role is refused with the Admin message (or, given, this one). */
  adminOnly?: boolean | string;
  run(store: Store): Result<unknown>;
  /** What the workspace holds first, as if the team server had sent it. */
  setup?(store: Store): void;
}

const adminRefusal = (c: Case) => (typeof c.adminOnly === 'string' ? c.adminOnly : MESSAGES.adminOnly);

const eventDraft = { title: 'Call Sarah', start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'shipment' as const, description: 'Kick-off', creatorName: '' };

const CASES: Case[] = [
  // inventory
  { name: 'inventory.addItem', run: (s) => s.inventory.addItem({ sku: 'PERM-1', name: 'Tripod' }) },
  { name: 'inventory.setQuantity', run: (s) => s.inventory.setQuantity(s.inventory.items.items.peek()[0].id, '42') },
  { name: 'inventory.importItems', run: (s) => s.inventory.importItems([{ sku: 'PERM-2', name: 'Imported', quantity: '3' }]) },
  { name: 'inventory.updateItem', run: (s) => s.inventory.updateItem(s.inventory.items.items.peek()[0].id, { name: 'Renamed', lowStockThreshold: '4', reorderPoint: '8', location: 'Shelf 9' }) },
  { name: 'inventory.deleteItem', run: (s) => s.inventory.deleteItem(s.inventory.items.items.peek()[0].id) },
  // orders
  { name: 'orders.changeStatus', run: (s) => s.orders.changeStatus('ord_1', 'Processing') },
  { name: 'orders.shipWithTracking', run: (s) => s.orders.shipWithTracking('ord_2', { trackingNumber: '1Z999', carrierName: 'UPS' }) },
  { name: 'orders.saveNotes', run: (s) => s.orders.saveNotes('ord_1', 'Leave at door') },
  { name: 'orders.setAttribution', run: (s) => s.orders.setAttribution('ord_1', 'CR12345') },
  {
    name: 'orders.createOrder',
    run: (s) =>
      s.orders.createOrder({
        source: 'eBay',
        customerName: 'Ava Chen',
        customerEmail: 'ava@example.com',
        shippingAddress: { line1: '5 Pine Rd', city: 'Portland', state: 'OR', postalCode: '97201', country: 'US' },
        items: [{ sku: 'SKU-004', quantity: 2, price: 29.5 }],
      }),
  },
  // funnels
  { name: 'funnels.saveStep', run: (s) => s.funnels.saveStep('CR12348', 0, { name: 'Outreach', description: 'First contact' }) },
  { name: 'funnels.sendOutreach', flag: 'sendOutreach', run: (s) => s.funnels.sendOutreach('CR12348', 'Hello Alex') },
  {
    name: 'funnels.retryOutreach',
    flag: 'sendOutreach',
    setup: (s) => {
      const funnel = s.funnels.items.get('CR12348')!;
      const failed = { id: 'msg_failed', timestamp: now().toISOString(), message: 'Hello', sentBy: 'Alex Morgan', delivery: { status: 'failed' as const, reason: 'Mailbox unavailable', at: now().toISOString() } };
      s.rebase([{ collection: 'funnels', id: funnel.id, value: { ...funnel, outreach: [failed] } }], []);
    },
    run: (s) => s.funnels.retryOutreach('CR12348', 'msg_failed'),
  },
  { name: 'funnels.sendBrief', run: (s) => s.funnels.sendBrief('CR12346') },
  { name: 'funnels.togglePriority', run: (s) => s.funnels.togglePriority('CR12348') },
  { name: 'funnels.setGiftAllowance', run: (s) => s.funnels.setGiftAllowance('CR12348', 2, 60) },
  { name: 'funnels.setCommissionTerms', run: (s) => s.funnels.setCommissionTerms('CR12348', 10, 250) },
  { name: 'funnels.recordPayment', adminOnly: 'Only Admins can mark a payment to a creator', run: (s) => s.funnels.recordPayment('CR12348', { paidOn: '2026-03-01', amount: 100, reference: 'WIRE-1' }) },
  { name: 'funnels.updateBio', run: (s) => s.funnels.updateBio('CR12348', 'Chef and storyteller') },
  { name: 'funnels.setInterestTags', run: (s) => s.funnels.setInterestTags('CR12348', ['Cooking']) },
  { name: 'funnels.updateAvatar', run: (s) => s.funnels.updateAvatar('CR12348', 'data:image/png;base64,iVBORw0KGgo=') },
  { name: 'funnels.inviteSuggested', run: (s) => s.funnels.inviteSuggested('SC1') },
  { name: 'funnels.addCriteriaTag', run: (s) => s.funnels.addCriteriaTag('niche', 'Travel') },
  { name: 'funnels.removeCriteriaTag', run: (s) => s.funnels.removeCriteriaTag('niche', 'Fashion') },
  {
    name: 'funnels.saveDashboardLayout',
    viewerAllowed: true,
    run: (s) => s.funnels.saveDashboardLayout({ lg: [{ i: 'overview', x: 0, y: 0, w: 4, h: 2 }] }),
  },
  // calendar
  { name: 'calendar.addEvent', run: (s) => s.calendar.addEvent(eventDraft) },
  { name: 'calendar.updateEvent', run: (s) => s.calendar.updateEvent('ev_1', { ...eventDraft, title: 'Renamed' }) },
  { name: 'calendar.moveEvent', run: (s) => s.calendar.moveEvent('ev_1', new Date('2026-03-13T10:00:00Z'), new Date('2026-03-13T12:00:00Z')) },
  { name: 'calendar.deleteEvent', run: (s) => s.calendar.deleteEvent('ev_1') },
  // notifications
  { name: 'notifications.snooze', run: (s) => s.notifications.snooze('nt_1', 4) },
  { name: 'notifications.markRead', run: (s) => s.notifications.markRead('nt_1') },
  { name: 'notifications.markAllRead', run: (s) => s.notifications.markAllRead() },
  { name: 'notifications.dismiss', run: (s) => s.notifications.dismiss('nt_1') },
  // team
  { name: 'team.invite', flag: 'manageTeam', run: (s) => s.team.invite('new.person@example.com') },
  { name: 'team.setRole', flag: 'manageTeam', run: (s) => s.team.setRole('tm_3', 'Editor') },
  { name: 'team.togglePermission', flag: 'manageTeam', run: (s) => s.team.togglePermission('tm_3', 'viewAnalytics') },
  { name: 'team.remove', flag: 'manageTeam', run: (s) => s.team.remove('tm_3') },
  // admin: settings, profile, billing, integrations, developer, import, onboarding defaults
  { name: 'admin.saveSettings', flag: 'manageTeam', run: (s) => s.admin.saveSettings({ companyName: 'Acme', timeZone: 'UTC', language: 'es' }) },
  { name: 'admin.setShopUrl', flag: 'manageTeam', run: (s) => s.admin.setShopUrl('https://shop.example.com') },
  {
    name: 'admin.saveProfile',
    run: (s) => {
      const me = s.session.currentMember.peek();
      const profile = s.admin.profile.value.peek();
      return s.admin.saveProfile({ ...profile, name: `${me?.name ?? 'Someone'} Jr`, email: me?.email ?? profile.email, currentPassword: '', newPassword: '', confirmPassword: '' });
    },
  },
  { name: 'admin.changePlan', flag: 'manageTeam', run: (s) => s.admin.changePlan('Business') },
  { name: 'admin.connectIntegration', flag: 'editAutomations', run: (s) => s.admin.connectIntegration('shopify') },
  { name: 'admin.configureIntegration', adminOnly: true, run: (s) => s.admin.configureIntegration('shopify', { apiKey: 'k', webhookUrl: 'https://x.example/hook' }) },
  { name: 'admin.disconnectIntegration', flag: 'editAutomations', run: (s) => s.admin.disconnectIntegration('mailchimp') },
  { name: 'admin.saveWebhookSettings', flag: 'editAutomations', run: (s) => s.admin.saveWebhookSettings({ endpointUrl: 'https://hooks.example/cf', events: ['creator.onboarded'] }) },
  { name: 'admin.importCreators', run: (s) => s.admin.importCreators([{ row: 1, draft: { handle: '@newcreator', name: 'New Creator' } }]) },
  {
    name: 'admin.setAutomationDefaults',
    flag: 'editAutomations',
    run: (s) => {
      const d = s.admin.automationDefaults.value.peek();
      return s.admin.setAutomationDefaults({ payment: !d.payment, shipment: d.shipment, review: d.review });
    },
  },
  {
    name: 'notifications.restore',
    run: (s) => s.notifications.restore({ ...s.notifications.items.items.peek()[0], id: 'nt_restored' }),
  },
  { name: 'funnels.setDiscountCode', run: (s) => s.funnels.setDiscountCode('CR12345', 'SARAH10') },
  {
    name: 'funnels.createFunnel',
    run: (s) =>
      s.funnels.createFunnel({
        ...emptyNewFunnelDraft(new Date('2026-03-10T12:00:00Z'), 'Alex Morgan'),
        name: 'Perm Creator',
        handle: '@permcreator',
        email: 'perm@creator.example',
        followers: '10',
        engagementRate: '1',
        objective: 'Sales',
        value: '0',
        contentType: 'Reel',
      }),
  },
  // the whole workspace
  { name: 'resetWorkspace', flag: 'manageTeam', run: (s) => s.resetWorkspace() },
];

/**
 * Functions of the store that are not member writes, each with the reason. Together with
 * CASES this must cover every function the store exposes, so a new action cannot slip in
 * without a permission test.
 */
const NOT_MEMBER_WRITES: Record<string, string> = {
  flush: 'waits for storage',
  dispose: 'closes storage',
  now: 'the clock',
  'session.can': 'read',
  'session.whyNot': 'read',
  'session.refusal': 'read',
  'session.signIn': 'choosing who is signed in (the local workspace has no sign-in of its own)',
  'session.signOut': 'choosing who is signed in',
  'orders.find': 'read',
  'admin.checkIntegrationConfig': 'validates a form, stores nothing',
  'notifications.refresh': 'looks at the clock again; stores nothing',
  'notifications.add': 'writes a notification directly, for fixtures; screens never call it',
  listen: 'subscribes to the change feed',
  withOrigin: 'attributes the changes made inside it; writes nothing itself',
  mutate: 'runs a mutator by name: each one is covered above through its action',
  'admin.updateProfile': 'runs profile.save (tested above) after the same check; with a team server the server checks the password',
  'admin.saveIntegration': 'runs integrations.configure (tested above), or hands the credentials to the team server, which checks again',
  'team.sendInvitation': 'runs team.invite (tested above) after the same check, or asks the team server, which checks again',
  'overwrites.editing': 'marks a record open in an editor; stores nothing',
  'overwrites.canRestore': 'read',
  'overwrites.dismiss': 'hides a notice; stores nothing',
  'overwrites.restore': "runs the field's own mutation (orders.changeStatus, orders.saveNotes, inventory.setQuantity, inventory.updateItem; tested above) through mutate, with the same check",
  'team.canResendInvitations': 'read',
  'admin.mailStatus': 'read (the team server says where its mail goes)',
  'admin.shopConnection': 'read (the team server gives the webhook address and the saved secret\'s hint, to an Admin only)',
  'admin.saveShopSigningSecret': 'hands the shop\'s signing secret to the team server, which checks the Admin role again; nothing is stored in the browser',
  'team.invitations': 'reads the invitation links from the team server, after the manageTeam check',
  'team.resendInvitation': 'asks the team server (which checks manageTeam again) for a new link, after the same check as team.invite',
  apply: 'runs a recorded mutation: the same authorization as mutate (tests/unit/mutators.test.ts)',
  'bulk.forget': 'takes a finished import off the screen; stores nothing',
  rebase: "brings the server's records in (the sync client): the server authorized them; waiting mutations run again as the member",
};

function storeFunctions(store: Store): string[] {
  const names: string[] = [];
  for (const [sliceName, slice] of Object.entries(store)) {
    if (typeof slice === 'function') names.push(sliceName);
    else if (slice && typeof slice === 'object' && !('peek' in slice) && !('then' in slice))
      for (const [key, value] of Object.entries(slice as Record<string, unknown>)) if (typeof value === 'function') names.push(`${sliceName}.${key}`);
  }
  return names.sort();
}

describe('permissions are enforced in the store actions', () => {
  it('every function of the store is either a tested write or a known non-write', async () => {
    const { store } = await makeStore();
    const covered = [...CASES.map((c) => c.name), ...Object.keys(NOT_MEMBER_WRITES)].sort();
    expect(storeFunctions(store)).toEqual(covered);
  });

  describe.each(CASES)('$name', (c) => {
    it('succeeds for the Admin and changes the workspace (so the refusals below are about the member)', async () => {
      const { store, counter } = await makeStore(c.setup);
      const before = snapshot(store);
      const writes = counter.writes;
      const result = c.run(store);
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
      await store.flush();
      expect(snapshot(store)).not.toBe(before);
      expect(counter.writes).toBeGreaterThan(writes);
    });

    it(c.viewerAllowed ? 'is allowed for a Viewer (personal preference)' : 'is refused for a Viewer and changes nothing', async () => {
      const { store, counter } = await makeStore(c.setup);
      store.session.signIn('tm_3');
      await store.flush();
      const before = snapshot(store);
      const activity = store.admin.activity.items.peek().length;
      const writes = counter.writes;
      const result = c.run(store);
      await store.flush();
      if (c.viewerAllowed) {
        expect(result.ok).toBe(true);
        return;
      }
      expect(result).toMatchObject({ ok: false, error: c.adminOnly ? adminRefusal(c) : MESSAGES.readOnly });
      expect(snapshot(store)).toBe(before);
      expect(store.admin.activity.items.peek()).toHaveLength(activity);
      expect(counter.writes).toBe(writes);
    });

    it('is refused for a signed-out member and changes nothing', async () => {
      const { store, counter } = await makeStore(c.setup);
      store.session.signOut();
      await store.flush();
      const before = snapshot(store);
      const activity = store.admin.activity.items.peek().length;
      const writes = counter.writes;
      const result = c.run(store);
      await store.flush();
      expect(result).toMatchObject({ ok: false, error: SIGNED_OUT });
      expect(snapshot(store)).toBe(before);
      expect(store.admin.activity.items.peek()).toHaveLength(activity);
      expect(counter.writes).toBe(writes);
    });
  });
});

describe('permission flags gate their actions for an Editor', () => {
  const gated = CASES.filter((c) => c.flag);

  async function editorWith(flag: Permission, on: boolean, setup?: (store: Store) => void) {
    const made = await makeStore(setup);
    const { store } = made;
    const editor = store.team.members.get('tm_2')!;
    expect(editor.role).toBe('Editor');
    if (editor.permissions[flag] !== on) expect(store.team.togglePermission('tm_2', flag).ok).toBe(true);
    store.session.signIn('tm_2');
    await store.flush();
    expect(store.session.currentMember.peek()?.permissions[flag]).toBe(on);
    return made;
  }

  it.each(gated)('$name is refused when the Editor lacks $flag, and changes nothing', async (c) => {
    const { store, counter } = await editorWith(c.flag!, false, c.setup);
    const before = snapshot(store);
    const activity = store.admin.activity.items.peek().length;
    const writes = counter.writes;
    const result = c.run(store);
    await store.flush();
    expect(result).toMatchObject({ ok: false, error: MESSAGES.missingPermission(c.flag!) });
    // Said in words, never by the flag's internal name.
    expect(result.ok ? '' : result.error).toMatch(/^You do not have permission to [a-z ]+$/);
    expect(snapshot(store)).toBe(before);
    expect(store.admin.activity.items.peek()).toHaveLength(activity);
    expect(counter.writes).toBe(writes);
  });

  it.each(gated)('$name is allowed once the Editor has $flag', async (c) => {
    const { store } = await editorWith(c.flag!, true, c.setup);
    const result = c.run(store);
    expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  });

  it.each(CASES.filter((c) => c.adminOnly))('$name is refused for an Editor holding every flag, and changes nothing', async (c) => {
    const { store, counter } = await editorWith('editAutomations', true);
    const before = snapshot(store);
    const writes = counter.writes;
    expect(c.run(store)).toMatchObject({ ok: false, error: adminRefusal(c) });
    await store.flush();
    expect(snapshot(store)).toBe(before);
    expect(counter.writes).toBe(writes);
  });

  it('viewAnalytics gates analytics for an Editor whose flag is off (no write depends on it)', async () => {
    const { store } = await editorWith('viewAnalytics', false);
    expect(store.session.can('viewAnalytics')).toBe(false);
    expect(store.session.whyNot('viewAnalytics')).toBe(MESSAGES.missingPermission('viewAnalytics'));
    // Writes that need no flag still work for the Editor.
    expect(store.inventory.addItem({ sku: 'ED-1', name: 'Editor item' }).ok).toBe(true);
  });

  it('an Editor without manageTeam cannot grant themselves a flag', async () => {
    const { store } = await editorWith('sendOutreach', false);
    const before = snapshot(store);
    expect(store.team.togglePermission('tm_2', 'sendOutreach')).toMatchObject({ ok: false, error: MESSAGES.missingPermission('manageTeam') });
    expect(store.team.setRole('tm_2', 'Admin')).toMatchObject({ ok: false, error: MESSAGES.missingPermission('manageTeam') });
    expect(snapshot(store)).toBe(before);
  });
});
