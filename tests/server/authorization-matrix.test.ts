// Who may write what, over real HTTP: every mutator pushed through POST /sync/push by every
// kind of caller (the owner, another Admin, Editors with and without each flag the permission
// table uses, a Viewer, a removed member, a signed-out browser, a member of another workspace).
// Each cell is allowed or refused exactly as the permission table says, judged here by its own
// reading of the table (and a few cells written out by hand, so a wrong table cannot hide);
// a refused cell changes nothing. The server's own actor and a shop run every mutator too,
// through the runner: each writes only what its rule names, and no member makes those writes.
// Then every page and JSON route for signed-out browsers and members of another workspace.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishOf, message } from '../../lib/domain/messages';
import { MUTATION_PERMISSIONS, ROUTE_ONLY_MUTATIONS, writesOf, type MutationName, type PermissionRule } from '../../lib/domain/permissions';
import { PERMISSIONS, type Permission, type Permissions, type Role } from '../../lib/domain/types';
import { MUTATORS, type ArgsOf } from '../../lib/mutators';
import { CRITERIA_GROUPS } from '../../lib/sample/suggestions';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { SCREENS } from '../../screens';
import { hashPassword } from '../../server/auth/passwords';
import * as t from '../../server/db/schema';
import { runMutation, shopActor, systemActor } from '../../server/db/tx';
import { ROUTE_ONLY_MESSAGE } from '../../server/sync/routes';
import { SEED_TIME, TEST_HASH_COST, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const NONE: Permissions = { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: false };
const ALL: Permissions = { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true };

/** The flags the table gates anything on. */
const GATING_FLAGS = [
  ...new Set(Object.values(MUTATION_PERMISSIONS).flatMap((rule: PermissionRule) => (rule.kind === 'member' && rule.flag ? [rule.flag] : []))),
] as Permission[];

interface Member {
  kind: 'member';
  label: string;
  memberId: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  permissions: Permissions;
  /** Inserted by this test (the fixture has the others). */
  extra?: boolean;
}
type Actor = Member | { kind: 'signedOut'; label: string } | { kind: 'removed'; label: string; member: Member } | { kind: 'elsewhere'; label: string };

const extra = (key: string, role: Role, permissions: Permissions): Member => ({
  kind: 'member',
  label: key,
  memberId: `tm_mx_${key}`,
  name: `Matrix ${key}`,
  email: `${key.toLowerCase()}@matrix.test`,
  password: `${key}-password-1`,
  role,
  permissions,
  extra: true,
});
const fixtureMember = (key: 'owner' | 'viewer'): Member => ({ kind: 'member', label: key, ...USERS[key] });

const ACTORS: Actor[] = [
  fixtureMember('owner'),
  extra('admin', 'Admin', ALL),
  extra('editorAll', 'Editor', ALL),
  extra('editorNone', 'Editor', NONE),
  ...GATING_FLAGS.flatMap((flag) => [extra(`editorOnly-${flag}`, 'Editor', { ...NONE, [flag]: true }), extra(`editorWithout-${flag}`, 'Editor', { ...ALL, [flag]: false })]),
  fixtureMember('viewer'),
  { kind: 'removed', label: 'removed', member: extra('removed', 'Editor', ALL) },
  { kind: 'signedOut', label: 'signedOut' },
  { kind: 'elsewhere', label: 'otherWorkspace' },
];

/** What the table says for an actor: an HTTP status, and the refusal's message. */
function expectation(actor: Actor, rule: PermissionRule): { status: number; error?: string } {
  if (actor.kind === 'signedOut') return { status: 401, error: 'Sign in to continue' };
  // A removed member's browser is told so (not asked to sign in again), and nothing is taken.
  if (actor.kind === 'removed') return { status: 403, error: 'You were removed from this workspace' };
  // Portal answers are the creator's alone: no member of any workspace makes them.
  if (rule.kind === 'creator') return { status: 403, error: 'Only the creator can answer on their portal' };
  // The server's own writes and a shop's: no member of any workspace makes them.
  if (rule.kind === 'system') return { status: 403, error: 'Only the server makes this change' };
  if (rule.kind === 'shop') return { status: 403, error: 'Only a connected shop makes this change' };
  // Their session's workspace is theirs (Admin, every flag there): allowed, but never in Acme.
  if (actor.kind === 'elsewhere') return { status: 200 };
  if (rule.kind === 'signedIn') return { status: 200 };
  if (rule.kind === 'admin') return actor.role === 'Admin' ? { status: 200 } : { status: 403, error: rule.refusal ? englishOf(message(rule.refusal)) : 'Only Admins can configure integrations' };
  if (actor.role === 'Viewer') return { status: 403, error: 'Your role cannot make changes in this workspace' };
  if (rule.flag && !actor.permissions[rule.flag]) return { status: 403, error: expect.stringMatching(/^You do not have permission to /) };
  return { status: 200 };
}

/** Ids of records the fixture workspace holds, read once from a pull. */
interface Ids {
  funnel: string;
  order: string;
  inventory: string;
  event: string;
  notification: string;
  integration: string;
  target: string;
}
interface ArgsContext {
  ids: Ids;
  /** Unique per call, for values that must not repeat (SKUs, emails). */
  n: number;
  self: { name: string; email: string };
}

/** Valid arguments for every mutator; the compile-time check below fails when one is missing. */
const ARGS: { [N in MutationName]: (c: ArgsContext) => ArgsOf<N> } = {
  'funnels.saveStep': ({ ids }) => ({ funnelId: ids.funnel, stepIndex: 0, draft: { name: 'Brief', description: 'Matrix step' } }),
  'funnels.sendOutreach': ({ ids }) => ({ funnelId: ids.funnel, message: 'Hello from the matrix' }),
  'funnels.retryOutreach': ({ ids }) => ({ funnelId: ids.funnel, outreachId: 'msg_matrix' }),
  'funnels.sendBrief': ({ ids }) => ({ funnelId: ids.funnel }),
  'funnels.togglePriority': ({ ids }) => ({ funnelId: ids.funnel }),
  'funnels.updateBio': ({ ids, n }) => ({ funnelId: ids.funnel, bio: `Bio ${n}` }),
  'funnels.setInterestTags': ({ ids, n }) => ({ funnelId: ids.funnel, tags: [`tag${n}`] }),
  'funnels.updateAvatar': ({ ids }) => ({ funnelId: ids.funnel, dataUrl: 'data:image/png;base64,iVBORw0KGgo=' }),
  'funnels.inviteSuggested': () => ({ suggestedId: 'SC1' }),
  'funnels.startEngagement': ({ ids }) => ({ creatorId: ids.funnel, engagementType: 'Reel' }),
  'funnels.setDiscountCode': ({ ids, n }) => ({ id: ids.funnel, code: `MATRIX${n}` }),
  'funnels.create': ({ n }) => ({
    draft: {
      name: `Matrix Creator ${n}`,
      handle: `@matrix${n}`,
      email: `creator${n}@matrix.test`,
      platform: 'Instagram',
      followers: '1000',
      engagementRate: '3.5',
      category: 'Fashion',
      avatar: '',
      objective: 'Awareness',
      value: '500',
      startDate: '2026-03-10',
      dueDate: '2026-04-10',
      assignedTo: 'Alex Morgan',
      contentType: 'Reel',
      count: '1',
      deliverableDueDate: '2026-04-01',
      notes: '',
    },
  }),
  'funnels.addCriteriaTag': ({ n }) => ({ group: CRITERIA_GROUPS[0].id, text: `criterion ${n}` }),
  'funnels.removeCriteriaTag': () => ({ group: CRITERIA_GROUPS[0].id, tag: 'criterion 0' }),
  'funnels.saveDashboardLayout': () => ({ layouts: { lg: [{ i: 'performance', x: 0, y: 0, w: 6, h: 4 }] } }),
  'funnels.setGiftAllowance': ({ ids, n }) => ({ funnelId: ids.funnel, maxItems: 2, maxValue: 50 + n }),
  'funnels.setCommissionTerms': ({ ids, n }) => ({ funnelId: ids.funnel, commissionPercent: 10 + n, flatFee: 100 }),
  'payments.record': ({ ids, n }) => ({ funnelId: ids.funnel, paidOn: '2026-03-01', amount: 10 + n, reference: `PAY-${n}` }),
  'portal.setLanguage': ({ ids }) => ({ funnelId: ids.funnel, language: 'fr' }),
  'portal.confirm': ({ ids }) => ({ funnelId: ids.funnel }),
  'portal.decline': ({ ids }) => ({ funnelId: ids.funnel }),
  'portal.saveAddress': ({ ids }) => ({ funnelId: ids.funnel, address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' } }),
  'portal.chooseProducts': ({ ids }) => ({ funnelId: ids.funnel, productIds: [ids.inventory] }),
  'portal.acknowledgeBrief': ({ ids }) => ({ funnelId: ids.funnel }),
  'portal.handInDeliverables': ({ ids }) => ({ funnelId: ids.funnel, links: [{ url: 'https://example.com/v', note: 'Reel' }] }),
  'portal.optOut': ({ ids }) => ({ funnelId: ids.funnel }),
  'orders.changeStatus': ({ ids }) => ({ id: ids.order, status: 'Processing' }),
  'orders.shipWithTracking': ({ ids, n }) => ({ id: ids.order, draft: { trackingNumber: `1Z${n}`, carrierName: 'UPS' } }),
  'orders.saveNotes': ({ ids, n }) => ({ id: ids.order, notes: `Note ${n}` }),
  'orders.create': ({ n }) => ({
    draft: {
      source: 'Manual',
      customerName: `Matrix ${n}`,
      customerEmail: `order${n}@matrix.test`,
      shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
      items: [],
    },
  }),
  'orders.receiveFromShop': ({ n }) => ({
    order: {
      shop: 'Shopify',
      externalId: String(1000 + n),
      name: `#${1000 + n}`,
      customerName: `Matrix ${n}`,
      customerEmail: `shop${n}@matrix.test`,
      shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
      lines: [{ sku: 'SKU-001', title: 'Wireless Earbuds', quantity: 1, price: 59.99 }],
      cancelled: false,
      fulfilled: false,
    },
  }),
  'orders.receiveRefundFromShop': ({ n }) => ({ shop: 'Shopify', externalId: String(1000 + n), refund: { id: String(5000 + n), amount: 10 } }),
  'orders.setAttribution': ({ ids }) => ({ id: ids.order, funnelId: ids.funnel }),
  'inventory.addItem': ({ n }) => ({ draft: { sku: `MX-${n}`, name: 'Matrix item', quantity: 1 } }),
  'inventory.setQuantity': ({ ids, n }) => ({ id: ids.inventory, quantity: 100 + n }),
  'inventory.importItems': ({ n }) => ({ rows: [{ sku: `MXI-${n}`, name: 'Imported', quantity: '2' }] }),
  'inventory.updateItem': ({ ids }) => ({ id: ids.inventory, edit: { name: 'Renamed', lowStockThreshold: 2, reorderPoint: 4, location: 'Shelf 1' } }),
  'inventory.deleteItem': ({ n }) => ({ id: `inv_absent_${n}` }),
  'calendar.addEvent': ({ n }) => ({ draft: { title: `Matrix ${n}`, start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'reminder', description: '', creatorName: '' } }),
  'calendar.updateEvent': ({ ids }) => ({ id: ids.event, draft: { title: 'Updated', start: '2026-03-12T10:00', end: '2026-03-12T11:00', type: 'review', description: '', creatorName: '' } }),
  'calendar.moveEvent': ({ ids }) => ({ id: ids.event, start: '2026-03-13T10:00:00.000Z', end: null }),
  'calendar.deleteEvent': ({ n }) => ({ id: `evt_absent_${n}` }),
  'notifications.snooze': ({ ids }) => ({ id: ids.notification, hours: 1 }),
  'notifications.markRead': ({ ids }) => ({ id: ids.notification }),
  'notifications.markAllRead': () => ({}),
  'notifications.dismiss': ({ n }) => ({ id: `ntf_absent_${n}` }),
  'notifications.restore': ({ n }) => ({
    notification: { id: `ntf_mx_${n}`, type: 'email', title: 'Restored', message: 'Back', timestamp: SEED_TIME.toISOString(), read: false, snoozedUntil: null },
  }),
  'team.invite': ({ n }) => ({ email: `invitee${n}@matrix.test`, role: 'Editor' }),
  'team.setRole': ({ ids }) => ({ id: ids.target, role: 'Viewer' }),
  'team.togglePermission': ({ ids }) => ({ id: ids.target, permission: 'viewAnalytics' }),
  'team.remove': ({ ids }) => ({ id: ids.target }),
  'settings.save': () => ({ companyName: 'Acme', timeZone: 'UTC', language: 'en' }),
  'settings.setShopUrl': ({ n }) => ({ shopUrl: `https://shop${n}.example.com` }),
  'profile.save': ({ self }) => ({
    name: self.name,
    email: self.email,
    notifications: { email: true, sms: false, slack: false, browser: true },
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  }),
  'billing.changePlan': () => ({ name: 'Pro' }),
  'integrations.connect': ({ ids }) => ({ id: ids.integration }),
  'integrations.configure': ({ ids }) => ({ id: ids.integration, config: { apiKey: 'key', webhookUrl: 'https://example.com/hook' } }),
  'integrations.disconnect': ({ ids }) => ({ id: ids.integration }),
  'developer.saveWebhookSettings': () => ({ endpointUrl: 'https://example.com/hook', events: ['order.created'] }),
  'creators.create': ({ n }) => ({ creators: [{ handle: `@created${n}`, name: `Created ${n}` }] }),
  'creators.import': ({ n }) => ({ rows: [{ row: 1, draft: { handle: `@imported${n}`, name: `Imported ${n}` } }] }),
  'automation.setDefaults': () => ({ payment: true, shipment: true, review: false }),
  'workspace.reset': () => ({}),
  'account.completeSetup': ({ self }) => ({ memberId: USERS.owner.memberId, name: self.name, email: self.email }),
  'account.recordPasswordReset': ({ ids }) => ({ memberId: ids.target }),
  'team.acceptInvitation': ({ ids }) => ({ memberId: ids.target, name: 'Matrix joined' }),
  'team.sendInvitation': ({ n }) => ({ email: `routeinvite${n}@matrix.test`, role: 'Editor', permissions: NONE }),
  'team.resendInvitation': ({ ids }) => ({ id: ids.target }),
  'developer.recordKeyChange': () => ({ change: 'created', lastFour: 'mx12', role: 'Editor' }),
  'developer.recordEndpointChange': () => ({ change: 'added', host: 'example.com', events: ['order.created'] }),
  'integrations.recordShopSecret': () => ({ shop: 'Shopify', hint: 'mx12' }),
  'funnels.recordOutreachDelivery': ({ ids }) => ({ funnelId: ids.funnel, outreachId: 'msg_matrix', status: 'sent' }),
  'mail.recordFailure': ({ n }) => ({ subject: `Matrix ${n}`, to: 'mail@matrix.test', reason: 'Refused', givenUp: false }),
  'webhooks.disableEndpoint': ({ n }) => ({ endpointId: `we_mx_${n}`, url: 'https://example.com/hook' }),
};

// Destructive ones last, so the cells before them find the records they name.
const LAST: MutationName[] = ['team.remove', 'workspace.reset'];
const NAMES = [...(Object.keys(MUTATORS) as MutationName[]).filter((name) => !LAST.includes(name)), ...LAST];

describe('the matrix itself', () => {
  it('covers every mutator and every caller kind, and the Editors cover each gating flag both ways', () => {
    expect(Object.keys(ARGS).sort()).toEqual(Object.keys(MUTATORS).sort());
    expect(NAMES).toHaveLength(Object.keys(MUTATION_PERMISSIONS).length);
    expect(GATING_FLAGS.sort()).toEqual(['editAutomations', 'manageTeam', 'sendOutreach']);
    expect(PERMISSIONS).toContain('viewAnalytics');
  });
});

describe.each(DB_KINDS)('authorization matrix on %s', (kind) => {
  let server: TestServer;
  let observer: Client;
  const clients = new Map<string, Client>();
  let ids: Ids;
  let counter = 0;
  let removedCookies = new Map<string, string>();

  const pull = async (since = 0) => json<PullResponse>(await observer.get(`/sync/pull?since=${since}`));
  /** Acme as every record in it (order aside), for a before/after comparison. */
  const snapshot = async () => {
    const { version, records } = await pull();
    return { version, records: [...records].sort((a, b) => `${a.collection}/${a.id}`.localeCompare(`${b.collection}/${b.id}`)) };
  };

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 10_000, windowMs: 60_000 } } });
    const db = server.db.handle.db;
    const target = extra('target', 'Editor', NONE);
    const members = [...ACTORS.flatMap((a) => (a.kind === 'member' && a.extra ? [a] : a.kind === 'removed' ? [a.member] : [])), target];
    let position = 100;
    for (const m of members) {
      const userId = randomUUID();
      await db.insert(t.users).values({ id: userId, email: m.email, passwordHash: await hashPassword(m.password, TEST_HASH_COST), createdAt: SEED_TIME });
      await db
        .insert(t.members)
        .values({ workspaceId: 'acme', id: m.memberId, userId, name: m.name, email: m.email, role: m.role, status: 'Active', ...m.permissions, version: 1, position: position++, createdAt: SEED_TIME });
    }
    const signIn = async (m: Member) => {
      const client = server.client();
      const response = await client.post('/auth/signin', { email: m.email, password: m.password });
      expect(response.statusCode, m.label).toBe(200);
      return client;
    };
    for (const actor of ACTORS) {
      if (actor.kind === 'member') clients.set(actor.label, await signIn(actor));
      else if (actor.kind === 'removed') clients.set(actor.label, await signIn(actor.member));
      else if (actor.kind === 'signedOut') clients.set(actor.label, server.client());
      else clients.set(actor.label, await server.signIn('globexOwner'));
    }
    observer = clients.get('owner')!;
    removedCookies = new Map(clients.get('removed')!.cookies);
    const removed = await observer.push('team.remove', { id: extra('removed', 'Editor', ALL).memberId });
    expect(removed.status).toBe(200);

    const { records } = await pull();
    const first = (collection: string) => records.find((r) => r.collection === collection)!.id;
    ids = {
      funnel: first('funnels'),
      order: first('orders'),
      inventory: first('inventory'),
      event: first('events'),
      notification: first('notifications'),
      integration: first('integrations'),
      target: target.memberId,
    };
  });
  afterAll(async () => {
    await server?.close();
  });

  /** What a push answered for its one mutation: a whole-push status, or the mutation's own refusal (403 for a permission). */
  const statusOf = (response: Awaited<ReturnType<Client["post"]>>) => {
    if (response.statusCode !== 200) return response.statusCode;
    const [result] = json<PushResponse>(response).results;
    return result && !result.ok && result.status === 403 ? 403 : 200;
  };

  const push = (actor: Actor, name: MutationName) => {
    const n = ++counter;
    // The removed member's browser sends the cookie it had (an answer clears it, as for any dead session).
    if (actor.kind === 'removed') clients.get(actor.label)!.cookies = new Map(removedCookies);
    const self = actor.kind === 'member' ? actor : actor.kind === 'removed' ? actor.member : { name: USERS.globexOwner.name, email: USERS.globexOwner.email };
    const args = (ARGS[name] as (c: ArgsContext) => unknown)({ ids, n, self });
    return clients.get(actor.label)!.post('/sync/push', {
      clientID: `mx-${actor.label}-${n}`,
      mutations: [{ id: 1, name, args, meta: { now: SEED_TIME.toISOString(), idSeed: `mx${n}` } }],
    });
  };

  it.each(NAMES)('%s: allowed or refused as the table says; a refusal changes nothing', async (name) => {
    const rule = MUTATION_PERMISSIONS[name];
    // Refused and foreign cells first, against one snapshot; then the allowed ones (which write).
    const ordered = [...ACTORS].sort((a, b) => Number(expectation(a, rule).status === 200 && a.kind === 'member') - Number(expectation(b, rule).status === 200 && b.kind === 'member'));
    const before = await snapshot();
    let checked = false;
    for (const actor of ordered) {
      const expected = expectation(actor, rule);
      const writes = expected.status === 200 && actor.kind === 'member';
      // Every refused (and foreign) cell has run: Acme is exactly as it was.
      if (writes && !checked) {
        expect(await snapshot(), `${name}: refused calls changed Acme`).toEqual(before);
        checked = true;
      }
      const response = await push(actor, name);
      const cell = `${name} × ${actor.label}`;
      expect(statusOf(response), `${cell}: ${response.body}`).toBe(expected.status);
      const body = json<PushResponse & { error?: string }>(response);
      if (expected.status !== 200 && response.statusCode !== 200) {
        expect(body.error, cell).toEqual(expected.error);
        continue;
      }
      if (expected.status === 403) {
        // Refused on its own, with its reason; nothing taken, no mutation id recorded.
        expect(body, cell).toMatchObject({ results: [{ id: 1, ok: false, code: 'forbidden', status: 403, error: expected.error }], lastMutationID: 0 });
        continue;
      }
      // Allowed: processed (a domain rule may still say no, but never over the arguments).
      expect(body.lastMutationID, cell).toBe(1);
      const [result] = body.results;
      // Writes that go with server-only rows are made by their route alone, never through sync.
      if (ROUTE_ONLY_MUTATIONS.has(name)) expect(result, cell).toMatchObject({ ok: false, error: ROUTE_ONLY_MESSAGE });
      if (!result.ok) expect(result.error, cell).not.toMatch(/^Invalid input|permission|role cannot|signed out/i);
    }
    if (!checked) expect(await snapshot()).toEqual(before);
  });

  it('refuses and changes nothing for refused cells, checked after each one', async () => {
    // The same, cell by cell, for the flag-gated and member-only writes (cheap: a pull since the version).
    const { version } = await pull();
    for (const name of NAMES) {
      const rule = MUTATION_PERMISSIONS[name];
      for (const actor of ACTORS) {
        if (expectation(actor, rule).status === 200) continue;
        await push(actor, name);
        const after = await pull(version);
        expect(after.version, `${name} × ${actor.label}`).toBe(version);
        expect(after.records, `${name} × ${actor.label}`).toEqual([]);
      }
    }
    // Every refused cell of the table, two requests each: the time grows with the table and the machine's load.
  }, 180_000);

  it('agrees with cells written out by hand', async () => {
    const actor = (label: string) => ACTORS.find((a) => a.label === label)!;
    const status = async (label: string, name: MutationName) => statusOf(await push(actor(label), name));
    expect(await status('viewer', 'inventory.setQuantity')).toBe(403);
    expect(await status('viewer', 'funnels.saveDashboardLayout')).toBe(200);
    expect(await status('viewer', 'profile.save')).toBe(403);
    expect(await status('editorWithout-sendOutreach', 'funnels.sendOutreach')).toBe(403);
    expect(await status('editorOnly-sendOutreach', 'funnels.sendOutreach')).toBe(200);
    expect(await status('editorNone', 'orders.saveNotes')).toBe(200);
    expect(await status('editorNone', 'orders.setAttribution')).toBe(200);
    expect(await status('viewer', 'orders.setAttribution')).toBe(403);
    expect(await status('owner', 'orders.receiveFromShop')).toBe(403);
    expect(await status('owner', 'orders.receiveRefundFromShop')).toBe(403);
    expect(await status('editorWithout-manageTeam', 'team.setRole')).toBe(403);
    expect(await status('editorWithout-manageTeam', 'settings.save')).toBe(403);
    expect(await status('editorWithout-editAutomations', 'integrations.connect')).toBe(403);
    expect(await status('editorOnly-editAutomations', 'developer.saveWebhookSettings')).toBe(200);
    expect(await status('editorOnly-manageTeam', 'billing.changePlan')).toBe(200);
    expect(await status('removed', 'funnels.saveDashboardLayout')).toBe(403);
    expect(await status('signedOut', 'funnels.saveDashboardLayout')).toBe(401);
    const refused = json<PushResponse>(await push(actor('editorWithout-manageTeam'), 'team.invite'));
    expect(refused.results[0]).toMatchObject({ ok: false, status: 403, error: 'You do not have permission to manage the team' });
    expect(await status('owner', 'mail.recordFailure')).toBe(403);
    expect(await status('owner', 'funnels.recordOutreachDelivery')).toBe(403);
    expect(await status('owner', 'account.recordPasswordReset')).toBe(403);
    expect(await status('owner', 'orders.receiveFromShop')).toBe(403);
  });

  describe('actors that are not members', () => {
    const KINDS = [
      { label: 'system', actor: systemActor(), may: 'system' },
      { label: 'shop', actor: shopActor('shopify'), may: 'shop' },
    ] as const;

    it('declares what each may write: the system its own steps and workers, a shop the orders it sends', () => {
      expect(writesOf('system').sort()).toEqual([
        'account.completeSetup',
        'account.recordPasswordReset',
        'funnels.recordOutreachDelivery',
        'mail.recordFailure',
        'team.acceptInvitation',
        'webhooks.disableEndpoint',
      ]);
      expect(writesOf('shop').sort()).toEqual(['orders.receiveFromShop', 'orders.receiveRefundFromShop']);
    });

    it.each(KINDS)('$label runs exactly the mutators of its rule, and is refused every member, creator and other write', async ({ label, actor, may }) => {
      const db = server.db.handle.db;
      const self = { name: USERS.owner.name, email: USERS.owner.email };
      for (const name of NAMES.filter((n) => n !== 'workspace.reset')) {
        const n = ++counter;
        const cell = `${name} × ${label}`;
        const { version } = await pull();
        const args = (ARGS[name] as (c: ArgsContext) => unknown)({ ids, n, self });
        const outcome = await runMutation({ db, workspaceId: 'acme', actor, mutator: MUTATORS[name], args, meta: { now: SEED_TIME.toISOString(), idSeed: `mxa${n}` } });
        if (MUTATION_PERMISSIONS[name].kind !== may) {
          expect(outcome, cell).toEqual({ status: 'forbidden', error: 'Only a member of the workspace makes this change' });
          expect((await pull(version)).records, cell).toEqual([]);
        } else expect(['applied', 'rejected'], `${cell}: ${JSON.stringify(outcome)}`).toContain(outcome.status);
      }
    });

    it('writes in the name the actor carries: System for a worker, the shop for its order', async () => {
      const db = server.db.handle.db;
      const n = ++counter;
      const { version } = await pull();
      const mail = await runMutation({ db, workspaceId: 'acme', actor: systemActor(), mutator: MUTATORS['mail.recordFailure'], args: ARGS['mail.recordFailure']({ ids, n, self: USERS.owner }) });
      expect(mail.status).toBe('applied');
      const order = await runMutation({ db, workspaceId: 'acme', actor: shopActor('shopify'), mutator: MUTATORS['orders.receiveFromShop'], args: ARGS['orders.receiveFromShop']({ ids, n, self: USERS.owner }) });
      expect(order.status).toBe('applied');
      const written = (await pull(version)).records;
      const names = written.filter((r) => r.collection === 'activity').map((r) => (r.value as { userName: string }).userName);
      expect(names).toEqual(expect.arrayContaining(['System', 'Shopify']));
      expect(written.some((r) => r.collection === 'orders')).toBe(true);
    });
  });

  describe('routes', () => {
    const JSON_ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] = [
      { method: 'GET', url: '/auth/session' },
      { method: 'GET', url: '/auth/two-factor' },
      { method: 'POST', url: '/auth/two-factor/setup', body: {} },
      { method: 'POST', url: '/auth/two-factor/confirm', body: { code: '123456' } },
      { method: 'POST', url: '/auth/two-factor/disable', body: { password: 'x' } },
      { method: 'PUT', url: '/auth/two-factor/policy', body: { requireTwoFactor: 'everyone' } },
      { method: 'GET', url: '/auth/sessions' },
      { method: 'POST', url: '/auth/sessions/end-others', body: {} },
      { method: 'GET', url: '/auth/security-log' },
      { method: 'POST', url: '/auth/password', body: { currentPassword: 'x', newPassword: 'y' } },
      { method: 'POST', url: '/team/invitations', body: { email: 'route@matrix.test', role: 'Editor', permissions: NONE } },
      { method: 'GET', url: '/sync/pull?since=0' },
      { method: 'POST', url: '/sync/push', body: { clientID: 'route', mutations: [] } },
      { method: 'GET', url: '/sync/events' },
    ];

    it.each(JSON_ROUTES)('$method $url needs a session: 401 JSON for a signed-out browser, nothing changed', async ({ method, url, body }) => {
      const before = await snapshot();
      const response = await server.client().request(method, url, body);
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ error: 'Sign in to continue', code: 'signInToContinue' });
      expect(await snapshot()).toEqual(before);
    });

    it('keeps a member of another workspace out of Acme on every JSON route', async () => {
      const globex = clients.get('otherWorkspace')!;
      const before = await snapshot();
      const removed = await globex.push('team.remove', { id: USERS.viewer.memberId });
      expect(removed.result).toMatchObject({ ok: false, code: 'rejected' });
      expect((await globex.post('/team/invitations', { email: 'fromglobex@matrix.test', role: 'Editor', permissions: NONE })).statusCode).toBe(200);
      expect((await globex.push('inventory.setQuantity', { id: ids.inventory, quantity: 1 })).status).not.toBe(200);
      const pulled = json<PullResponse>(await globex.get('/sync/pull?since=0'));
      expect(pulled.records.filter((r) => r.collection === 'team').map((r) => r.id)).toEqual(expect.not.arrayContaining([USERS.owner.memberId]));
      expect(json<{ workspace: { id: string } }>(await globex.get('/auth/session')).workspace.id).toBe('globex');
      expect(await snapshot()).toEqual(before);
    });
  });
});

describe.each(DB_KINDS)('page routes on %s', (kind) => {
  let server: TestServer;
  let root: string;
  const PAGES = [...new Set(SCREENS.flatMap((s) => s.routes.map((r) => r.path.replace(/\/:\w+\?/g, '').replace(/:\w+/g, 'CR1') || '/')))];
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'cf-root-'));
    mkdirSync(join(root, 'dist', 'host'), { recursive: true });
    writeFileSync(join(root, 'dist', 'host', 'index.html'), '<!doctype html><html><head><title>Creatorflow</title></head><body></body></html>');
    server = await startServer(kind, { root });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends every app page to sign-in without a session; a member of another workspace gets the app for their own', async () => {
    expect(PAGES.length).toBeGreaterThan(10);
    const globex = await server.signIn('globexOwner');
    for (const page of PAGES) {
      const visitor = await server.client().get(page);
      expect(visitor.statusCode, page).toBe(302);
      expect(visitor.headers.location, page).toBe(`/signin?next=${encodeURIComponent(page)}`);
      expect(visitor.body, page).not.toContain('Creatorflow');
      const member = await globex.get(page);
      expect(member.statusCode, page).toBe(200);
    }
    // What the page then loads is their own workspace only.
    expect(json<{ workspace: { id: string } }>(await globex.get('/auth/session')).workspace.id).toBe('globex');
  });
});
