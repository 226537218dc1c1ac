// docs/adding-a-record-type.md and docs/adding-a-write.md, followed step by step with a
// test-sized record type: labels a member puts on work. The type, its declaration, a domain
// rule, a mutator, then the engine runs it, stores it, loads it back, lifts an older shape,
// withholds what a role may not see, and the server maps it to a table of its own.
import { pgTable, text } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { message } from '../../lib/domain/messages';
import { fail, ok, type Result, type TeamMember } from '../../lib/domain/types';
import { MUTATORS, type Mutator, type ReadTx } from '../../lib/mutators';
import { idsFrom, nowOf } from '../../lib/mutators/define';
import { defineCollection, newestFirst, validates } from '../../lib/schema/define';
import { migrateRecords } from '../../lib/schema/migrations';
import type { CollectionName } from '../../lib/schema/names';
import { COLLECTION_DEFINITIONS, SINGLETON_DEFINITIONS, recordForRole, workspaceSchema } from '../../lib/schema/records';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StoredRecord } from '../../lib/storage/types';
import { createEngine, type Collection } from '../../lib/store/core';
import { RecordShapeError, rowMapping } from '../../server/db/records';

// Step 1: the TypeScript type (lib/domain/types.ts in the product).
interface Label {
  id: string;
  name: string;
  createdAt: string;
  color?: string;
  /** Who asked for it and why: for Admins only. */
  requestNote?: string;
}

// Step 2: one declaration.
const labels = defineCollection({
  name: 'labels',
  schema: validates<Label>(
    v.object({ id: v.string(), name: v.pipe(v.string(), v.minLength(1)), createdAt: v.string(), color: v.optional(v.string()), requestNote: v.optional(v.string()) }),
  ),
  sort: newestFirst('createdAt'),
  newRecords: 'first',
  // Step 3: labels of schema version 2 called their name `title`.
  // Version 2 stored a label's name as `title`.
  migrations: { 2: (value) => ('title' in value ? (({ title, ...rest }) => ({ ...rest, name: title }))(value) : value) },
  forRole: (label, role) => (role === 'Admin' || label.requestNote === undefined ? label : (({ requestNote: _withheld, ...rest }) => rest)(label)),
});
const schema = workspaceSchema([...COLLECTION_DEFINITIONS, labels], SINGLETON_DEFINITIONS);
/** The name, as the product's typed code takes it (a record type of the workspace would be in CollectionName already). */
const LABELS = labels.name as CollectionName;

// The write (docs/adding-a-write.md). Step 1: the rule, a pure function with the message a user sees.
function createLabel(existing: readonly Label[], name: string, id: string, now: Date): Result<Label> {
  const trimmed = name.trim();
  if (existing.some((label) => label.name.toLowerCase() === trimmed.toLowerCase())) return fail(`A label named ${trimmed} already exists`);
  return ok({ id, name: trimmed, createdAt: now.toISOString() });
}
// Steps 2 and 3: its permission (`member` in MUTATION_PERMISSIONS in the product) and the mutator.
const args = v.object({ name: v.pipe(v.string(), v.minLength(1), v.maxLength(40)) });
const createLabelMutator = {
  name: 'labels.create',
  permission: { kind: 'member' },
  args,
  reads: () => [{ collection: LABELS, all: true }],
  run(tx, input, meta) {
    const result = createLabel(labelsIn(tx), input.name, idsFrom(meta)('label'), nowOf(meta));
    if (!result.ok) return result;
    tx.put(LABELS, result.value as never, { prepend: true }); // a list shown newest first
    // A real write says its action with a key of its own in lib/i18n/catalogs; this one borrows the plain-data message.
    tx.log({ action: message('activity.details.data', { value: 'Label created' }), actionType: 'system', details: message('activity.details.data', { value: result.value.name }) });
    return result;
  },
} satisfies Mutator<'labels.create', typeof args, Label>;
const labelsIn = (tx: ReadTx) => tx.scan(LABELS) as unknown as readonly Label[];

const admin: TeamMember = {
  id: 'tm_1',
  name: 'Alex Morgan',
  email: 'alex@example.com',
  role: 'Admin',
  status: 'Active',
  permissions: { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true },
};
const NOW = new Date('2026-11-26T12:00:00.000Z');

function engineWith(storage = createMemoryStorage()) {
  const engine = createEngine({ storage, now: () => NOW, session: { memberId: admin.id }, schema, mutators: { ...MUTATORS, [createLabelMutator.name]: createLabelMutator } });
  engine.collection('team').put(admin);
  return { engine, storage, labels: engine.collection(LABELS) as unknown as Collection<Label> };
}
const create = (engine: ReturnType<typeof engineWith>['engine'], name: string, at: string, seed: string) =>
  engine.apply({ name: 'labels.create', args: { name }, meta: { now: at, idSeed: seed } });

describe('adding a record type, step by step', () => {
  it('reads the type, the optional fields and the order off the one declaration', () => {
    expect(labels.optionalFields).toEqual(['color', 'requestNote']);
    expect(labels.serverTable).toBe('labels');
    expect(schema.isCollectionName('labels')).toBe(true);
    expect(schema.isValidRecord(LABELS, { id: 'l1', name: '', createdAt: NOW.toISOString() })).toBe(false);
  });

  it('runs its mutator through the engine: the new label first, with its activity entry, stored in one write', async () => {
    const { engine, storage, labels: list } = engineWith();
    expect(create(engine, 'Gifted', '2026-11-26T10:00:00.000Z', 's1')).toMatchObject({ ok: true, value: { name: 'Gifted' } });
    expect(create(engine, 'Paid', '2026-11-26T11:00:00.000Z', 's2').ok).toBe(true);
    expect(list.items.value.map((label) => label.name)).toEqual(['Paid', 'Gifted']);
    expect(engine.collection('activity').items.value[0]).toMatchObject({ action: 'Label created', details: 'Paid', userName: 'Alex Morgan' });
    await engine.flush();
    const stored = await storage.load();
    expect(stored.filter((record) => record.collection === 'labels').map((record) => (record.value as Label).name).sort()).toEqual(['Gifted', 'Paid']);
  });

  it('refuses a duplicate with the rule’s message and writes nothing', async () => {
    const { engine, storage, labels: list } = engineWith();
    create(engine, 'Gifted', '2026-11-26T10:00:00.000Z', 's1');
    await engine.flush();
    const before = await storage.load();
    expect(create(engine, ' gifted ', '2026-11-26T11:00:00.000Z', 's2')).toMatchObject({ ok: false, error: 'A label named gifted already exists' });
    expect(list.items.value).toHaveLength(1);
    await engine.flush();
    expect(await storage.load()).toEqual(before);
  });

  it('loads stored labels back in their order, setting aside one that fails the validator', () => {
    const { engine, labels: list } = engineWith();
    const records: StoredRecord[] = [
      { collection: 'labels', id: 'l1', value: { id: 'l1', name: 'Older', createdAt: '2026-11-01T00:00:00.000Z' } },
      { collection: 'labels', id: 'l2', value: { id: 'l2', name: 'Newer', createdAt: '2026-11-20T00:00:00.000Z', color: 'teal' } },
      { collection: 'labels', id: 'l3', value: { id: 'l3', createdAt: '2026-11-21T00:00:00.000Z' } },
    ];
    const unreadable = engine.hydrate(records);
    expect(list.items.value.map((label) => label.name)).toEqual(['Newer', 'Older']);
    expect(unreadable.map((record) => record.id)).toEqual(['l3']);
  });

  it('lifts a label of an older schema version with its own step', () => {
    const old: StoredRecord = { collection: 'labels', id: 'l1', value: { id: 'l1', title: 'Gifted', createdAt: NOW.toISOString() } };
    const [lifted] = migrateRecords([old], 2, { schema });
    expect(lifted.value).toEqual({ id: 'l1', name: 'Gifted', createdAt: NOW.toISOString() });
    expect(schema.isValidRecord(LABELS, lifted.value)).toBe(true);
  });

  it('withholds what its definition says from anyone but an Admin', () => {
    const label: Label = { id: 'l1', name: 'Gifted', createdAt: NOW.toISOString(), requestNote: 'for the spring launch' };
    expect(recordForRole('labels', 'l1', label, 'Admin', schema)).toBe(label);
    expect(recordForRole('labels', 'l1', label, 'Editor', schema)).toEqual({ id: 'l1', name: 'Gifted', createdAt: NOW.toISOString() });
  });

  it('maps to the server table named after it: optional fields as NULL, unknown fields refused', () => {
    // Step 4: the table of server/db/schema.ts (the product's tables add recordColumns() and indexes).
    const table = pgTable('labels', {
      workspaceId: text('workspace_id').notNull(),
      id: text('id').notNull(),
      name: text('name').notNull(),
      createdAt: text('created_at').notNull(),
      color: text('color'),
      requestNote: text('request_note'),
    });
    const mapping = rowMapping(labels, table);
    const meta = { workspaceId: 'w1', version: 3, position: 0 };
    const row = mapping.toRow({ id: 'l1', name: 'Gifted', createdAt: NOW.toISOString() }, meta);
    expect(row).toEqual({ ...meta, id: 'l1', name: 'Gifted', createdAt: NOW.toISOString(), color: null, requestNote: null });
    expect(mapping.toRecord(row)).toEqual({ id: 'l1', name: 'Gifted', createdAt: NOW.toISOString() });
    expect(() => mapping.toRow({ id: 'l1', name: 'Gifted', createdAt: NOW.toISOString(), size: 3 }, meta)).toThrow(RecordShapeError);
    expect(() => mapping.toRow({ id: 'l1', createdAt: NOW.toISOString() }, meta)).toThrow('missing "name"');
  });
});
