// The sealed-secrets store on both databases: a value goes in sealed (AES-256-GCM, bound to
// its workspace and name), comes back for the server only, shows a hint at most, rotates keys.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import {
  createSecretBox,
  deleteSecret,
  listSecretHints,
  loadSecretBox,
  parseSecretKey,
  putSecret,
  readSecret,
  resealSecrets,
  SecretInputError,
  SecretKeyError,
  SecretOpenError,
} from '../../server/secrets';
import { DB_KINDS, freshDatabase, type TestDatabase } from './harness';

const VALUE = 'sk_live_51Hq3rTz0Secret9876';

describe('the secret box', () => {
  it('seals with a fresh IV each time and opens only with its key and context', () => {
    const box = createSecretBox(randomBytes(32));
    const a = box.seal(VALUE, 'ctx');
    const b = box.seal(VALUE, 'ctx');
    expect(a).not.toBe(b);
    expect(a.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(a).not.toContain(VALUE);
    expect(box.open(a, 'ctx')).toBe(VALUE);
    expect(() => box.open(a, 'other')).toThrow(SecretOpenError);
    expect(() => createSecretBox(randomBytes(32)).open(a, 'ctx')).toThrow(/does not have/);
    const parts = a.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => box.open(parts.join('.'), 'ctx')).toThrow(SecretOpenError);
  });

  it('reads a key as base64 or hex and refuses anything else, naming the setting', () => {
    const key = randomBytes(32);
    expect(parseSecretKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('hex')).equals(key)).toBe(true);
    expect(() => parseSecretKey('too-short')).toThrow(SecretKeyError);
    expect(() => parseSecretKey(randomBytes(16).toString('base64'))).toThrow(/CREATORFLOW_SECRET_KEY must be 32 bytes/);
  });

  it('makes the key file once, readable by its owner only, and reads it back on the next start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-key-'));
    try {
      const keyFile = join(dir, 'nested', 'secret.key');
      const first = loadSecretBox({ keyFile });
      expect(first.source).toBe('new file');
      expect(statSync(keyFile).mode & 0o777).toBe(0o600);
      const again = loadSecretBox({ keyFile });
      expect(again.source).toBe('file');
      expect(again.box.keyId).toBe(first.box.keyId);
      expect(again.box.open(first.box.seal(VALUE, 'c'), 'c')).toBe(VALUE);
      const fromEnv = loadSecretBox({ key: readFileSync(keyFile, 'utf8'), keyFile: join(dir, 'unused.key') });
      expect(fromEnv.source).toBe('environment');
      expect(fromEnv.box.keyId).toBe(first.box.keyId);
      writeFileSync(join(dir, 'bad.key'), 'nonsense');
      chmodSync(join(dir, 'bad.key'), 0o600);
      expect(() => loadSecretBox({ keyFile: join(dir, 'bad.key') })).toThrow(SecretKeyError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(DB_KINDS)('workspace secrets on %s', (kind) => {
  let db: TestDatabase;
  const mainKey = randomBytes(32);
  const box = createSecretBox(mainKey);
  beforeAll(async () => {
    db = await freshDatabase(kind);
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it('stores ciphertext only, answers the hint, and reads the value back for the server', async () => {
    const exec = db.handle.db;
    const { hint } = await putSecret(exec, box, { workspaceId: 'acme', name: 'integration:int_1:apiKey', value: VALUE, memberId: 'tm_1' });
    expect(hint).toBe('9876');
    const [row] = await exec.select().from(t.workspaceSecrets).where(eq(t.workspaceSecrets.name, 'integration:int_1:apiKey'));
    expect(row.ciphertext).not.toContain(VALUE);
    expect(row.ciphertext).not.toContain(Buffer.from(VALUE).toString('base64'));
    expect(row).toMatchObject({ workspaceId: 'acme', hint: '9876', updatedBy: 'tm_1' });
    expect(await readSecret(exec, box, 'acme', 'integration:int_1:apiKey')).toBe(VALUE);
    // Another workspace has nothing under that name, and a row copied there does not open.
    expect(await readSecret(exec, box, 'globex', 'integration:int_1:apiKey')).toBeNull();
    await exec.insert(t.workspaceSecrets).values({ ...row, workspaceId: 'globex' });
    await expect(readSecret(exec, box, 'globex', 'integration:int_1:apiKey')).rejects.toThrow(SecretOpenError);
  });

  it('replaces, lists hints only, and deletes', async () => {
    const exec = db.handle.db;
    await putSecret(exec, box, { workspaceId: 'acme', name: 'integration:int_1:apiKey', value: 'sk_live_replacedValue1111' });
    await putSecret(exec, box, { workspaceId: 'acme', name: 'integration:int_1:webhookUrl', value: 'https://hooks.example.com/T000/B000/XXXX' });
    await putSecret(exec, box, { workspaceId: 'acme', name: 'short', value: 'abc' });
    const hints = await listSecretHints(exec, 'acme');
    expect(hints.map(({ name, hint }) => ({ name, hint }))).toEqual([
      { name: 'integration:int_1:apiKey', hint: '1111' },
      { name: 'integration:int_1:webhookUrl', hint: 'XXXX' },
      // Too short to show any of it.
      { name: 'short', hint: '' },
    ]);
    expect(JSON.stringify(hints)).not.toContain('replacedValue');
    expect(await readSecret(exec, box, 'acme', 'integration:int_1:apiKey')).toBe('sk_live_replacedValue1111');
    await deleteSecret(exec, 'acme', 'short');
    expect(await readSecret(exec, box, 'acme', 'short')).toBeNull();
  });

  it('refuses a bad name or an empty value, naming the field', async () => {
    const exec = db.handle.db;
    await expect(putSecret(exec, box, { workspaceId: 'acme', name: 'bad name!', value: 'x' })).rejects.toMatchObject({ field: 'name' });
    await expect(putSecret(exec, box, { workspaceId: 'acme', name: 'ok', value: '' })).rejects.toBeInstanceOf(SecretInputError);
  });

  it('opens what an older key sealed and reseals it with the new key', async () => {
    const exec = db.handle.db;
    const oldKey = randomBytes(32);
    const oldBox = createSecretBox(oldKey);
    await putSecret(exec, oldBox, { workspaceId: 'acme', name: 'rotating', value: VALUE });
    const newBox = createSecretBox(randomBytes(32), [oldKey, mainKey]);
    expect(await readSecret(exec, newBox, 'acme', 'rotating')).toBe(VALUE);
    await exec.delete(t.workspaceSecrets).where(eq(t.workspaceSecrets.workspaceId, 'globex'));
    expect(await resealSecrets(exec, newBox)).toBeGreaterThan(0);
    expect(await readSecret(exec, createSecretBox(randomBytes(32)), 'acme', 'rotating').catch((e: Error) => e.name)).toBe('SecretOpenError');
    const [row] = await exec.select().from(t.workspaceSecrets).where(eq(t.workspaceSecrets.name, 'rotating'));
    expect(row.ciphertext.split('.')[1]).toBe(newBox.keyId);
  });
});
