// Integration credentials: Settings > Integrations > Configure sends the API key and webhook
// URL here (Admins only), never through sync. They are sealed into workspace_secrets in the
// transaction of the integrations.configure mutation, whose record keeps hints only; the
// values never come back out of this server in any answer, pull, log line or activity entry.
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { integrationCredentialsOf, validateIntegrationConfig } from '../../lib/domain/developer';
import { configureIntegration } from '../../lib/mutators/admin';
import { HttpError, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { lockWorkspaceVersion, outcomeHttpStatus, runMutation } from '../db/tx';
import type { SecretBox } from '../secrets/box';
import type { ValibotTypeProvider } from '../http/valibot';
import { deleteSecret, putSecret } from '../secrets/store';
import { loggableError } from '../validation';

export const integrationSecretName = (integrationId: string, part: 'apiKey' | 'webhookUrl') => `integration:${integrationId}:${part}`;

/** Mutations that carry credentials: accepted only through the route below, never from a sync push. */
export const CREDENTIAL_MUTATIONS: ReadonlySet<string> = new Set([configureIntegration.name]);
export const CREDENTIALS_BY_ROUTE_MESSAGE = 'Integration credentials are saved through Settings > Integrations > Configure';

const params = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'id must be 1-100 letters, digits, - or _')) });
const body = v.object({
  apiKey: v.pipe(v.string('apiKey must be text'), v.maxLength(1000, 'apiKey is longer than 1000 characters')),
  webhookUrl: v.optional(v.pipe(v.string('webhookUrl must be text'), v.maxLength(2000, 'webhookUrl is longer than 2000 characters')), ''),
});

export async function integrationCredentialRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.put('/integrations/:id/credentials', { schema: { params, body }, config: { auth: 'member' } }, async (request, reply) => {
    const session = signedIn(request);
    const workspaceId = session.workspace.id;
    const { id } = request.params;
    const config = { apiKey: request.body.apiKey, webhookUrl: request.body.webhookUrl };
    // Each field's problem names that field (the rule checks the key first).
    const keyOnly = validateIntegrationConfig({ apiKey: config.apiKey, webhookUrl: '' });
    if (!keyOnly.ok) throw new HttpError(400, keyOnly.error, 'apiKey');
    const checked = validateIntegrationConfig(config);
    if (!checked.ok) throw new HttpError(400, checked.error, 'webhookUrl');
    const outcome = await runMutation({
      db: ctx.db,
      workspaceId,
      memberId: session.member.id,
      mutator: configureIntegration,
      args: { id, config },
      now: ctx.now,
      onError: (error) => request.log.error({ err: loggableError(error), mutation: configureIntegration.name }, 'mutation failed'),
      inTransaction: async ({ tx }) => {
        const by = { workspaceId, memberId: session.member.id, at: ctx.now() };
        await putSecret(tx, ctx.secrets, { ...by, name: integrationSecretName(id, 'apiKey'), value: checked.value.apiKey });
        if (checked.value.webhookUrl) await putSecret(tx, ctx.secrets, { ...by, name: integrationSecretName(id, 'webhookUrl'), value: checked.value.webhookUrl });
        else await deleteSecret(tx, workspaceId, integrationSecretName(id, 'webhookUrl'));
      },
    });
    reply.header('cache-control', 'no-store');
    if (outcome.status === 'applied') {
      ctx.pokes?.poke(workspaceId, outcome.version);
      // The record as Admins see it: hints, never the values.
      return { integration: outcome.value, version: outcome.version };
    }
    if (outcome.status === 'forbidden') throw new HttpError(403, outcome.error);
    if (outcome.status === 'rejected') throw new HttpError(outcome.error === 'This integration does not exist' ? 404 : 409, outcome.error);
    if (outcome.status === 'invalid') throw new HttpError(400, outcome.error, outcome.field);
    return reply.code(outcomeHttpStatus(outcome) as 200).send({ error: 'error' in outcome ? outcome.error : 'The server could not save this' });
  });
}

/**
 * Start-up clean-up of what older versions stored in the clear: integration credentials in
 * the integrations table move into the sealed secrets (the record gets its hints), and the
 * sample `developer.apiKey` leaves the developer singleton. Each workspace changes in one
 * transaction that moves its version, so browsers pull the cleaned records. Answers how many
 * records changed.
 */
export async function sealLegacySecrets(db: Database, box: SecretBox, now: Date): Promise<number> {
  const legacy = await db
    .select({ workspaceId: t.integrations.workspaceId, id: t.integrations.id })
    .from(t.integrations)
    .where(or(isNotNull(t.integrations.legacyApiKey), isNotNull(t.integrations.legacyWebhookUrl)));
  const developers = await db
    .select({ workspaceId: t.workspaceSingletons.workspaceId })
    .from(t.workspaceSingletons)
    .where(and(eq(t.workspaceSingletons.name, 'developer'), sql`${t.workspaceSingletons.value} ? 'apiKey'`));
  const workspaces = new Set([...legacy.map((r) => r.workspaceId), ...developers.map((r) => r.workspaceId)]);
  let changed = 0;
  for (const workspaceId of workspaces) {
    await db.transaction(async (tx) => {
      const version = (await lockWorkspaceVersion(tx, workspaceId)) + 1;
      const rows = await tx
        .select()
        .from(t.integrations)
        .where(and(eq(t.integrations.workspaceId, workspaceId), or(isNotNull(t.integrations.legacyApiKey), isNotNull(t.integrations.legacyWebhookUrl))))
        .for('update');
      for (const row of rows) {
        const apiKey = row.legacyApiKey?.trim() ?? '';
        const webhookUrl = row.legacyWebhookUrl?.trim() ?? '';
        const at = { workspaceId, at: now };
        if (apiKey) await putSecret(tx, box, { ...at, name: integrationSecretName(row.id, 'apiKey'), value: apiKey });
        if (webhookUrl) await putSecret(tx, box, { ...at, name: integrationSecretName(row.id, 'webhookUrl'), value: webhookUrl });
        const credentials = apiKey ? integrationCredentialsOf({ apiKey, webhookUrl }) : null;
        await tx
          .update(t.integrations)
          .set({ legacyApiKey: null, legacyWebhookUrl: null, credentials, version })
          .where(and(eq(t.integrations.workspaceId, workspaceId), eq(t.integrations.id, row.id)));
        changed++;
      }
      const stripped = await tx
        .update(t.workspaceSingletons)
        .set({ value: sql`${t.workspaceSingletons.value} - 'apiKey'`, version })
        .where(and(eq(t.workspaceSingletons.workspaceId, workspaceId), eq(t.workspaceSingletons.name, 'developer'), sql`${t.workspaceSingletons.value} ? 'apiKey'`))
        .returning({ name: t.workspaceSingletons.name });
      changed += stripped.length;
      await tx.update(t.workspaceVersions).set({ version }).where(eq(t.workspaceVersions.workspaceId, workspaceId));
    });
  }
  return changed;
}
