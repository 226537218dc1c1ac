// Workspace secrets: third-party credentials (integration API keys, webhook URLs, shop tokens)
// sealed in a server-only table. Only the hint (the last four characters) ever leaves the
// server; `readSecret` is for the server's own use (calling the third party) and its answer
// must never be sent, logged or written to a record.
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as t from '../db/schema';
import { secretHint } from '../../lib/domain/developer';
import type { SecretBox } from './box';

/** Secret names: a short path-like word ("integration:shopify:apiKey"). */
export const SECRET_NAME = /^[a-z0-9][a-z0-9_.:-]{0,119}$/i;
export const SECRET_MAX_LENGTH = 4096;

export class SecretInputError extends Error {
  override name = 'SecretInputError';
  constructor(
    message: string,
    readonly field: 'name' | 'value',
  ) {
    super(message);
  }
}


// The sealed text is bound to its workspace and name: a row copied elsewhere does not open.
const contextOf = (workspaceId: string, name: string) => `workspace_secrets\u0000${workspaceId}\u0000${name}`;

function checkName(name: string) {
  if (!SECRET_NAME.test(name)) throw new SecretInputError('A secret name is 1-120 letters, digits, and _ . : -', 'name');
}

export interface PutSecret {
  workspaceId: string;
  name: string;
  value: string;
  /** The member who set it. */
  memberId?: string;
  /** When it was set (the server's clock); now by default. */
  at?: Date;
}

/** Seals and stores (or replaces) a secret; answers the hint a screen may show. */
export async function putSecret(exec: Executor, box: SecretBox, input: PutSecret): Promise<{ hint: string }> {
  checkName(input.name);
  if (typeof input.value !== 'string' || input.value.length === 0) throw new SecretInputError('The value is empty', 'value');
  if (input.value.length > SECRET_MAX_LENGTH) throw new SecretInputError(`The value is longer than ${SECRET_MAX_LENGTH} characters`, 'value');
  const hint = secretHint(input.value);
  const row = {
    workspaceId: input.workspaceId,
    name: input.name,
    ciphertext: box.seal(input.value, contextOf(input.workspaceId, input.name)),
    hint,
    updatedAt: input.at ?? new Date(),
    updatedBy: input.memberId ?? null,
  };
  await exec
    .insert(t.workspaceSecrets)
    .values(row)
    .onConflictDoUpdate({
      target: [t.workspaceSecrets.workspaceId, t.workspaceSecrets.name],
      set: { ciphertext: row.ciphertext, hint: row.hint, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    });
  return { hint };
}

/** The plaintext, for the server's own use only; null when none is stored. Throws SecretOpenError when the key does not open it. */
export async function readSecret(exec: Executor, box: SecretBox, workspaceId: string, name: string): Promise<string | null> {
  const [row] = await exec
    .select({ ciphertext: t.workspaceSecrets.ciphertext })
    .from(t.workspaceSecrets)
    .where(and(eq(t.workspaceSecrets.workspaceId, workspaceId), eq(t.workspaceSecrets.name, name)));
  return row ? box.open(row.ciphertext, contextOf(workspaceId, name)) : null;
}

export async function deleteSecret(exec: Executor, workspaceId: string, name: string): Promise<void> {
  await exec.delete(t.workspaceSecrets).where(and(eq(t.workspaceSecrets.workspaceId, workspaceId), eq(t.workspaceSecrets.name, name)));
}

/** Every secret of a workspace as a screen may show it: name, hint, when it changed. */
export async function listSecretHints(exec: Executor, workspaceId: string): Promise<{ name: string; hint: string; updatedAt: string }[]> {
  const rows = await exec
    .select({ name: t.workspaceSecrets.name, hint: t.workspaceSecrets.hint, updatedAt: t.workspaceSecrets.updatedAt })
    .from(t.workspaceSecrets)
    .where(eq(t.workspaceSecrets.workspaceId, workspaceId))
    .orderBy(asc(t.workspaceSecrets.name));
  return rows.map((row) => ({ name: row.name, hint: row.hint, updatedAt: row.updatedAt.toISOString() }));
}

/** Seals every secret of every workspace with the box's current key (after a key rotation). Answers how many moved. */
export async function resealSecrets(exec: Executor, box: SecretBox): Promise<number> {
  const rows = await exec.select().from(t.workspaceSecrets);
  let moved = 0;
  for (const row of rows) {
    if (row.ciphertext.split('.')[1] === box.keyId) continue;
    const context = contextOf(row.workspaceId, row.name);
    await exec
      .update(t.workspaceSecrets)
      .set({ ciphertext: box.seal(box.open(row.ciphertext, context), context) })
      .where(and(eq(t.workspaceSecrets.workspaceId, row.workspaceId), eq(t.workspaceSecrets.name, row.name)));
    moved++;
  }
  return moved;
}
