// runMutation: authorization from the database for every role, validation, the mutator's own
// refusals, idempotent replays, database invariants, activity in the real member's name,
// ordering, and concurrency. Directly and through POST /sync/push.
import { MESSAGES } from '../../lib/domain/constants';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Mutator } from '../../lib/mutators/types';
import { loadRecords, loadWorkspace } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { runMutation, type MutationOutcome } from '../../server/db/tx';
import { addItem, activateMember, toggleEvent, decrement, FAKE_MUTATORS, listInventory, saveLayout, sendOutreach, setQuantity, setRole, undeclaredRead } from './fake-mutators';
import { USERS, type UserKey } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

const NOW = '2026-03-02T10:00:00.000Z';
let seedCounter = 0;
const meta = () => ({ now: NOW, idSeed: `seed${++seedCounter}` });

describe.each(DB_KINDS)('mutations on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.handle.db;
  const run = (user: UserKey | { workspaceId: string; memberId: string }, mutator: Mutator<string>, args: unknown, extra: Partial<Parameters<typeof runMutation>[0]> = {}) => {
    const who = typeof user === 'string' ? USERS[user] : user;
    return runMutation({ db: db(), workspaceId: who.workspaceId, memberId: who.memberId, mutator, args, meta: meta(), ...extra });
  };
  /** Everything a refused mutation must leave as it was. */
  const snapshot = async (workspaceId = 'acme') => {
    const [version] = await db().select().from(t.workspaceVersions).where(eq(t.workspaceVersions.workspaceId, workspaceId));
    const clients = await db().select().from(t.clientMutations);
    return { version, clients, workspace: await loadWorkspace(db(), workspaceId) };
  };
  const item = async (id: string) => (await loadRecords(db(), 'acme', 'inventory', { ids: [id] }))[0];

  it('applies a permitted mutation at the next version, with the activity entry in the member name stored in the database', async () => {
    const before = await snapshot();
    const outcome = await run('editor', setQuantity, { id: 'inv_2', quantity: 42 }, { meta: { now: NOW, idSeed: 'abc123' } });
    expect(outcome).toEqual({ status: 'applied', value: { quantity: 42 }, version: before.version.version + 1 });
    const stored = await item('inv_2');
    expect(stored.record.quantity).toBe(42);
    expect(stored.version).toBe(before.version.version + 1);
    const [entry] = await loadRecords(db(), 'acme', 'activity', { ids: ['act_abc123'] });
    expect(entry.record).toEqual({
      id: 'act_abc123',
      timestamp: NOW,
      userId: 'tm_editor',
      userName: 'Jamie Smith',
      userAvatar: '',
      action: 'Inventory quantity updated',
      actionType: 'system',
      details: 'Smart Watch set to 42',
      status: 'success',
      // The entry's words as a message too, kept through the server's table.
      message: { action: { key: 'activity.action.quantityUpdated' }, details: { key: 'activity.details.data', values: { value: 'Smart Watch set to 42' } } },
    });
    // Newest activity first.
    expect((await loadRecords(db(), 'acme', 'activity'))[0].record.id).toBe('act_abc123');
  });

  // Every role against a plain write, a flagged write and a personal preference.
  // Every role against a plain write, a flagged write and a personal preference.
  const BY_NAME = new Map<string, Mutator<string>>(FAKE_MUTATORS.map((m) => [m.name, m]));
  const matrix: [UserKey | 'otherWorkspace', string, unknown, MutationOutcome['status'], string?][] = [
    ['owner', setQuantity.name, { id: 'inv_1', quantity: 7 }, 'applied'],
    ['owner', sendOutreach.name, { funnelId: 'CR12345', message: 'Hi from the owner' }, 'applied'],
    ['owner', setRole.name, { memberId: 'tm_editor2', role: 'Editor' }, 'applied'],
    ['editor', sendOutreach.name, { funnelId: 'CR12345', message: 'Hi from Jamie' }, 'applied'],
    ['editor', setRole.name, { memberId: 'tm_editor2', role: 'Admin' }, 'forbidden', MESSAGES.missingPermission('manageTeam')],
    ['editorNoOutreach', setQuantity.name, { id: 'inv_1', quantity: 8 }, 'applied'],
    ['editorNoOutreach', sendOutreach.name, { funnelId: 'CR12345', message: 'Sneaky' }, 'forbidden', MESSAGES.missingPermission('sendOutreach')],
    ['viewer', setQuantity.name, { id: 'inv_1', quantity: 9 }, 'forbidden', 'Your role cannot make changes in this workspace'],
    ['viewer', sendOutreach.name, { funnelId: 'CR12345', message: 'Sneaky' }, 'forbidden', 'Your role cannot make changes in this workspace'],
    ['viewer', saveLayout.name, { columns: 3 }, 'applied'],
    ['otherWorkspace', setQuantity.name, { id: 'inv_1', quantity: 10 }, 'forbidden', 'You are signed out. Sign in to make changes.'],
    ['otherWorkspace', saveLayout.name, { columns: 3 }, 'forbidden', 'You are signed out. Sign in to make changes.'],
  ];
  it.each(matrix)('%s running %s: %o -> %s', async (user, name, args, status, error) => {
    const before = await snapshot();
    // A member of Globex naming Acme's workspace: the member is looked up in Acme, and is not there.
    const who = user === 'otherWorkspace' ? { workspaceId: 'acme', memberId: USERS.globexOwner.memberId } : user;
    const outcome = await run(who, BY_NAME.get(name)!, args, { clientID: `client-${user}-${name.replace('.', '-')}`, mutationID: 1 });
    expect(outcome.status).toBe(status);
    if (status === 'forbidden') {
      expect(outcome).toEqual({ status: 'forbidden', error });
      // Refused: nothing at all changed, not even the client's mutation id.
      expect(await snapshot()).toEqual(before);
    } else {
      expect((await snapshot()).version.version).toBe(before.version.version + 1);
    }
  });

  it('refuses a removed member and a Pending member, changing nothing', async () => {
    const owner = await server.signIn('owner');
    const invite = await owner.post('/team/invitations', { email: 'pending@acme.test', role: 'Editor', permissions: USERS.editor.permissions });
    const pendingId = json<{ member: { id: string } }>(invite).member.id;
    const temp = { workspaceId: 'acme', memberId: pendingId };
    const before = await snapshot();
    expect(await run(temp, setQuantity, { id: 'inv_1', quantity: 1 })).toEqual({ status: 'forbidden', error: 'You are signed out. Sign in to make changes.' });
    expect(await snapshot()).toEqual(before);
    expect((await owner.push('team.remove', { id: pendingId }, meta())).status).toBe(200);
    const after = await snapshot();
    expect(await run(temp, setQuantity, { id: 'inv_1', quantity: 1 })).toMatchObject({ status: 'forbidden' });
    expect(await snapshot()).toEqual(after);
  });

  it("writes nothing when the mutator says no, but records the client's mutation id; replays are skipped", async () => {
    const before = await snapshot();
    const refused = await run('editor', setQuantity, { id: 'inv_404', quantity: 1 }, { clientID: 'tab-1', mutationID: 1 });
    expect(refused).toEqual({ status: 'rejected', error: 'No such inventory item', version: before.version.version, lastMutationID: 1 });
    const after = await snapshot();
    expect(after.workspace).toEqual(before.workspace);
    expect(after.version).toEqual(before.version);
    expect(after.clients.find((c) => c.clientId === 'tab-1')).toMatchObject({ memberId: 'tm_editor', lastMutationId: 1 });

    const applied = await run('editor', setQuantity, { id: 'inv_3', quantity: 5 }, { clientID: 'tab-1', mutationID: 2 });
    expect(applied.status).toBe('applied');
    const version = (await snapshot()).version.version;
    // The same mutation pushed again (a retry after a lost response) is not applied twice.
    expect(await run('editor', setQuantity, { id: 'inv_3', quantity: 6 }, { clientID: 'tab-1', mutationID: 2 })).toEqual({ status: 'skipped', version, lastMutationID: 2 });
    expect(await run('editor', setQuantity, { id: 'inv_3', quantity: 6 }, { clientID: 'tab-1', mutationID: 1 })).toEqual({ status: 'skipped', version, lastMutationID: 2 });
    expect((await item('inv_3')).record.quantity).toBe(5);
    // Another member cannot push under this client id.
    expect(await run('owner', setQuantity, { id: 'inv_3', quantity: 6 }, { clientID: 'tab-1', mutationID: 3 })).toEqual({
      status: 'forbidden',
      error: 'This client belongs to another member',
    });
  });

  it('validates arguments and meta, naming the field', async () => {
    const before = await snapshot();
    expect(await run('editor', setQuantity, { id: 'inv_1', quantity: 'many' })).toEqual({ status: 'invalid', error: 'quantity must be a number', field: 'quantity' });
    expect(await run('editor', setQuantity, { id: 'inv_1' })).toEqual({ status: 'invalid', error: 'quantity is required', field: 'quantity' });
    expect(await run('editor', sendOutreach, { funnelId: 'CR12345', message: '' })).toEqual({ status: 'invalid', error: 'message is required', field: 'message' });
    const badMeta = await runMutation({ db: db(), workspaceId: 'acme', memberId: 'tm_editor', mutator: setQuantity, args: { id: 'inv_1', quantity: 1 }, meta: { now: 'yesterday', idSeed: 'x' } });
    expect(badMeta).toEqual({ status: 'invalid', error: 'meta.now must be an ISO timestamp', field: 'meta.now' });
    const future = await runMutation({
      db: db(),
      workspaceId: 'acme',
      memberId: 'tm_editor',
      mutator: setQuantity,
      args: { id: 'inv_1', quantity: 1 },
      meta: { now: '2030-01-01T00:00:00.000Z', idSeed: 'future' },
      now: () => new Date(NOW),
    });
    expect(future).toEqual({ status: 'invalid', error: 'meta.now is in the future: check the device clock', field: 'meta.now' });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses what the database guards: a SKU that exists in another letter case, a negative quantity', async () => {
    const before = await snapshot();
    const duplicate = await run('editor', addItem, { sku: 'sku-001', name: 'Copy', quantity: 1 }, { clientID: 'tab-dup', mutationID: 1 });
    expect(duplicate).toEqual({ status: 'rejected', error: 'SKU sku-001 already exists', version: before.version.version, lastMutationID: 1 });
    const negative = await run('editor', setQuantity, { id: 'inv_1', quantity: -3 });
    expect(negative).toEqual({ status: 'rejected', error: 'Quantity cannot be negative', version: before.version.version });
    const after = await snapshot();
    expect(after.workspace).toEqual(before.workspace);
    expect(after.version).toEqual(before.version);
    // The refused mutation is still marked processed for its client.
    expect(after.clients.find((c) => c.clientId === 'tab-dup')?.lastMutationId).toBe(1);
    // The same SKU in another workspace is fine.
    expect((await run('globexOwner', addItem, { sku: 'SKU-001', name: 'Globex earbuds', quantity: 1 })).status).toBe('applied');
  });

  it('records deletions at their version, and forgets them when the record comes back', async () => {
    const [event] = await loadRecords(db(), 'acme', 'events', { ids: ['ev_1'] });
    const removed = await run('editor', toggleEvent, { id: 'ev_1' });
    if (removed.status !== 'applied') throw new Error(JSON.stringify(removed));
    expect(await loadRecords(db(), 'acme', 'events', { ids: ['ev_1'] })).toEqual([]);
    const deletions = () => db().select().from(t.deletedRecords).where(and(eq(t.deletedRecords.workspaceId, 'acme'), eq(t.deletedRecords.recordId, 'ev_1')));
    expect(await deletions()).toEqual([{ workspaceId: 'acme', collection: 'events', recordId: 'ev_1', version: removed.version }]);
    // A malformed record is refused, not stored half.
    const broken = await run('editor', toggleEvent, { id: 'ev_1', restore: { ...event.record, colour: 'red' } });
    expect(broken).toMatchObject({ status: 'rejected', error: 'events records have no field "colour"' });
    const back = await run('editor', toggleEvent, { id: 'ev_1', restore: event.record });
    expect(back.status).toBe('applied');
    expect(await deletions()).toEqual([]);
    expect((await loadRecords(db(), 'acme', 'events', { ids: ['ev_1'] }))[0].record).toEqual(event.record);
  });

  it('keeps display order: appended after the last, prepended before the first', async () => {
    const first = await run('editor', addItem, { sku: 'ORD-A', name: 'Appended', quantity: 1 });
    const second = await run('editor', addItem, { sku: 'ORD-B', name: 'Prepended', quantity: 1, prepend: true });
    const listed = await run('editor', listInventory, {});
    if (first.status !== 'applied' || second.status !== 'applied' || listed.status !== 'applied') throw new Error('setup failed');
    const ids = listed.value as string[];
    expect(ids[0]).toBe(second.value);
    expect(ids[ids.length - 1]).toBe(first.value);
    expect(ids.slice(1, 6)).toEqual(['inv_1', 'inv_2', 'inv_3', 'inv_4', 'inv_5']);
  });

  it('reports a mutator that reads what it did not declare as an error, writing nothing', async () => {
    const before = await snapshot();
    const errors: unknown[] = [];
    const outcome = await run('editor', undeclaredRead, {}, { clientID: 'tab-bug', mutationID: 1, onError: (e) => errors.push(e) });
    expect(outcome).toEqual({ status: 'error', error: 'The server could not apply this change' });
    expect(String(errors[0])).toMatch(/inventory\/inv_1 was read but not loaded/);
    const after = await snapshot();
    expect(after.workspace).toEqual(before.workspace);
    expect(after.clients.find((c) => c.clientId === 'tab-bug')?.lastMutationId).toBe(1);
  });

  it('lets team edits change role and flags, but not status: members become Active only by accepting', async () => {
    const owner = await server.signIn('owner');
    const invite = await owner.post('/team/invitations', { email: 'later@acme.test', role: 'Viewer', permissions: USERS.viewer.permissions });
    const id = json<{ member: { id: string } }>(invite).member.id;
    expect(await run('owner', activateMember, { memberId: id })).toMatchObject({
      status: 'rejected',
      error: "A member's email and status change only through an invitation",
    });
    expect((await loadRecords(db(), 'acme', 'team', { ids: [id] }))[0].record.status).toBe('Pending');
  });

  it('keeps the last member who can manage the team', async () => {
    // Globex has one Admin: demoting her would leave nobody to manage the team.
    const outcome = await run('globexOwner', setRole, { memberId: 'gx_1', role: 'Editor' });
    expect(outcome).toMatchObject({ status: 'rejected', error: 'The team needs at least one active member who can manage the team' });
    expect((await loadRecords(db(), 'globex', 'team'))[0].record.role).toBe('Admin');
  });

  it('serializes concurrent writes: 20 decrements at once leave exactly 20 fewer', async () => {
    const start = (await item('inv_4')).record.quantity;
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => run('editor', decrement, { id: 'inv_4' })));
    expect(outcomes.every((o) => o.status === 'applied')).toBe(true);
    const versions = outcomes.map((o) => (o as { version: number }).version).sort((a, b) => a - b);
    // Each commit moved the version by exactly one.
    expect(new Set(versions).size).toBe(20);
    expect(versions[19] - versions[0]).toBe(19);
    expect((await item('inv_4')).record.quantity).toBe(start - 20);
  });

  it('runs through POST /sync/push with the session member, scoped to their workspace', async () => {
    const editor = await server.signIn('editor');
    const applied = await editor.push('funnels.sendOutreach', { funnelId: 'CR12346', message: 'Hello Mike' }, meta());
    expect(applied.status).toBe(200);
    expect(applied.result).toEqual({ id: 1, ok: true });
    const funnel = (await loadRecords(db(), 'acme', 'funnels', { ids: ['CR12346'] }))[0].record;
    expect(funnel.outreach?.at(-1)).toMatchObject({ message: 'Hello Mike', sentBy: 'Jamie Smith' });

    const noFlag = await server.signIn('editorNoOutreach');
    const refused = await noFlag.push('funnels.sendOutreach', { funnelId: 'CR12346', message: 'x' }, meta());
    expect(refused.status).toBe(403);
    expect(refused.result).toMatchObject({ ok: false, code: 'forbidden', error: MESSAGES.missingPermission('sendOutreach') });

    const viewer = await server.signIn('viewer');
    expect((await viewer.push('inventory.setQuantity', { id: 'inv_1', quantity: 1 }, meta())).status).toBe(403);
    expect((await server.client().push('inventory.setQuantity', { id: 'inv_1', quantity: 1 }, meta())).status).toBe(401);

    // Globex's owner writes to Globex's CR12345, never Acme's.
    const acmeBefore = (await loadRecords(db(), 'acme', 'funnels', { ids: ['CR12345'] }))[0].record;
    const globex = await server.signIn('globexOwner');
    const own = await globex.push('funnels.sendOutreach', { funnelId: 'CR12345', message: 'Globex hello' }, meta());
    expect(own.result).toEqual({ id: 1, ok: true });
    expect((await loadRecords(db(), 'acme', 'funnels', { ids: ['CR12345'] }))[0].record).toEqual(acmeBefore);
    expect((await loadRecords(db(), 'globex', 'funnels', { ids: ['CR12345'] }))[0].record.outreach?.at(-1)?.message).toBe('Globex hello');

    const invalid = await editor.push('inventory.setQuantity', { id: 'inv_1', quantity: { not: 'a number' } }, meta());
    expect(invalid.status).toBe(400);
    expect(invalid.result).toMatchObject({ ok: false, code: 'invalid' });
    const unknown = await editor.push('nope', {}, meta());
    expect(unknown.result).toMatchObject({ ok: false, error: 'Unknown change: nope' });
    const sku = (await loadRecords(db(), 'acme', 'inventory', { ids: ['inv_1'] }))[0].record.sku;
    const conflict = await editor.push('inventory.addItem', { draft: { sku, name: 'x', quantity: '1', lowStockThreshold: '1', reorderPoint: '1', location: '' } }, meta());
    expect(conflict.status).toBe(409);
    expect(conflict.result).toMatchObject({ ok: false, code: 'rejected' });
  });

  it('stores the layout a Viewer saves under their own member id', async () => {
    const [row] = await db()
      .select()
      .from(t.workspaceSingletons)
      .where(and(eq(t.workspaceSingletons.workspaceId, 'acme'), eq(t.workspaceSingletons.name, 'dashboardLayout')));
    expect(Object.keys(row.value as object)).toContain('tm_viewer');
  });
});

