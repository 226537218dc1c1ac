// Administration writes: settings, profile, plan, integrations, developer settings, the CSV
// import of creators, automation defaults and the reset to sample data.
import * as v from 'valibot';
import { changePlan as changePlanRule } from '../domain/billing';
import { MESSAGES } from '../domain/constants';
import { creatorFunnelFromDraft } from '../domain/csv-import';
import { validateIntegrationConfig, validateWebhookSettings, type WebhookSettings } from '../domain/developer';
import { nextFunnelId } from '../domain/funnels';
import { validateProfile } from '../domain/profile';
import { describeSettingsChange, validateGeneralSettings } from '../domain/settings';
import { CHANNELS, fail, ok, type Funnel, type Integration, type Profile, type Result } from '../domain/types';
import { sampleWorkspace } from '../sample';
import { COLLECTION_NAMES, SINGLETON_NAMES, type CollectionName } from '../schema/names';
import { creatorDraft, id, text } from './args';
import { all, defineMutator, nowOf, one, single } from './define';
import type { WriteTx } from './types';

/** General Settings "Save Changes". */
export const saveSettings = defineMutator({
  name: 'settings.save',
  args: v.object({ companyName: text(500), timeZone: text(100), language: text(20) }),
  reads: () => [single('settings')],
  run(tx, args) {
    const result = validateGeneralSettings(args);
    if (!result.ok) return result;
    const before = tx.singleton('settings');
    tx.setSingleton('settings', result.value);
    tx.log({ action: 'Settings updated', actionType: 'system', details: describeSettingsChange(before, result.value) });
    return result;
  },
});

/** Profile "Save Changes": the member's name and email follow the profile. Passwords are checked (spec §5) and never stored. */
export const saveProfile = defineMutator({
  name: 'profile.save',
  args: v.object({
    name: text(500),
    email: text(500),
    notifications: v.object(Object.fromEntries(CHANNELS.map((c) => [c, v.boolean()])) as Record<(typeof CHANNELS)[number], v.BooleanSchema<undefined>>),
    currentPassword: text(1000),
    newPassword: text(1000),
    confirmPassword: text(1000),
  }),
  reads: () => [single('profile'), all('team')],
  run(tx, args): Result<Profile> {
    const self = tx.actor;
    if (!self) return fail('You are signed out. Sign in to make changes.');
    const result = validateProfile(args, tx.scan('team'), self.id);
    if (!result.ok) return result;
    tx.setSingleton('profile', result.value);
    const member = tx.get('team', self.id);
    if (member && (member.name !== result.value.name || member.email !== result.value.email))
      tx.put('team', { ...member, name: result.value.name, email: result.value.email });
    tx.log({
      action: 'Profile updated',
      actionType: 'system',
      details: `${result.value.name} (${result.value.email})${args.newPassword !== '' ? '; password change requested' : ''}`,
    });
    return result;
  },
});

/** Upgrade Plan: self-service plans switch at once; Enterprise goes through sales. */
export const changePlan = defineMutator({
  name: 'billing.changePlan',
  args: v.object({ name: text(100) }),
  reads: () => [single('plan')],
  run(tx, args) {
    const current = tx.singleton('plan');
    const result = changePlanRule(current, args.name);
    if (!result.ok) return result;
    tx.setSingleton('plan', result.value);
    tx.log({ action: 'Plan changed', actionType: 'system', details: `${current.name} → ${result.value.name}` });
    return result;
  },
});

function connect(tx: WriteTx, integrationId: string, config: { apiKey?: string; webhookUrl?: string }, now: string) {
  const integration = tx.get('integrations', integrationId);
  if (!integration) return fail<Integration>('This integration does not exist');
  const next: Integration = { ...integration, ...config, status: 'connected', lastSync: now };
  tx.put('integrations', next);
  tx.log({ action: 'Integration connected', actionType: 'system', details: integration.name });
  return ok(next);
}

/** Marks a service connected (the onboarding simulation). */
export const connectIntegration = defineMutator({
  name: 'integrations.connect',
  args: v.object({ id, config: v.optional(v.object({ apiKey: v.optional(text(1000)), webhookUrl: v.optional(text(2000)) })) }),
  reads: (args) => [one('integrations', args.id)],
  run: (tx, args, meta) => connect(tx, args.id, args.config ?? {}, meta.now),
});

/** Configure Integration "Save Configuration": validates (API key; https webhook URL), then connects. */
export const configureIntegration = defineMutator({
  name: 'integrations.configure',
  args: v.object({ id, config: v.object({ apiKey: text(1000), webhookUrl: text(2000) }) }),
  reads: (args) => [one('integrations', args.id)],
  run(tx, args, meta) {
    const checked = validateIntegrationConfig(args.config);
    if (!checked.ok) return checked;
    return connect(tx, args.id, { apiKey: checked.value.apiKey, webhookUrl: checked.value.webhookUrl ?? '' }, meta.now);
  },
});

export const disconnectIntegration = defineMutator({
  name: 'integrations.disconnect',
  args: v.object({ id }),
  reads: (args) => [one('integrations', args.id)],
  run(tx, args) {
    const integration = tx.get('integrations', args.id);
    if (!integration) return fail<Integration>('This integration does not exist');
    const next: Integration = { ...integration, status: 'disconnected' };
    tx.put('integrations', next);
    tx.log({ action: 'Integration disconnected', actionType: 'system', details: integration.name });
    return ok(next, `Disconnected from ${integration.name}`);
  },
});

/** Regenerate after the confirmation dialog (spec §4). The caller draws the new key from a secure random source. */
export const regenerateApiKey = defineMutator({
  name: 'developer.regenerateApiKey',
  args: v.object({ apiKey: v.pipe(v.string(), v.regex(/^sk_test_[0-9a-f]{16,128}$/)) }),
  reads: () => [single('developer')],
  run(tx, args) {
    tx.setSingleton('developer', { ...tx.singleton('developer'), apiKey: args.apiKey });
    tx.log({ action: 'API key regenerated', actionType: 'system', details: `New key ending in ${args.apiKey.slice(-4)}` });
    return ok(args.apiKey, MESSAGES.apiKeyRegenerated);
  },
});

/** Webhooks tab: the endpoint URL and the event types sent to it. */
export const saveWebhookSettings = defineMutator({
  name: 'developer.saveWebhookSettings',
  args: v.object({ endpointUrl: text(2000), events: v.pipe(v.array(text(100)), v.maxLength(20)) }),
  reads: () => [single('developer')],
  run(tx, args) {
    const result = validateWebhookSettings(args);
    if (!result.ok) return result;
    tx.setSingleton('developer', { ...tx.singleton('developer'), ...result.value });
    tx.log({ action: 'Webhook settings updated', actionType: 'system', details: `${result.value.endpointUrl} (${result.value.events.join(', ')})` });
    return ok<WebhookSettings>(result.value, result.message);
  },
});

/**
 * CSV import: each accepted row creates a creator funnel at Brief, or updates the creator with
 * the same handle (any letter case).
 */
export const importCreators = defineMutator({
  name: 'creators.import',
  args: v.object({
    rows: v.pipe(v.array(v.object({ row: v.number(), draft: creatorDraft })), v.maxLength(100_000)),
    rejectedCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
  }),
  reads: () => [all('funnels')],
  run(tx, args, meta) {
    const rejectedCount = args.rejectedCount ?? 0;
    if (args.rows.length === 0) return fail<{ created: number; updated: number }>('There are no valid rows to import');
    const assignedTo = tx.actor?.name ?? 'System';
    const now = nowOf(meta);
    let created = 0;
    let updated = 0;
    const current = tx.scan('funnels');
    const byHandle = new Map(current.map((f) => [f.creatorHandle.toLowerCase(), f]));
    const added = new Map<string, Funnel>();
    let nextId = nextFunnelId(current);
    for (const { draft } of args.rows) {
      const key = draft.handle.toLowerCase();
      const existing = byHandle.get(key);
      if (existing) {
        const merged = creatorFunnelFromDraft(draft, existing, { now, id: existing.id, assignedTo });
        byHandle.set(key, merged);
        tx.put('funnels', merged);
        updated++;
        continue;
      }
      const fresh = added.get(key);
      const funnel = creatorFunnelFromDraft(draft, fresh, { now, id: fresh?.id ?? nextId, assignedTo });
      added.set(key, funnel);
      if (!fresh) {
        nextId = nextFunnelId([{ id: nextId }]);
        created++;
      }
    }
    // New creators go first, in file order, as a block.
    const fresh = [...added.values()];
    for (let i = fresh.length - 1; i >= 0; i--) tx.put('funnels', fresh[i], { prepend: true });
    tx.log({
      action: 'Creators imported',
      actionType: 'creator',
      details: `${created} created, ${updated} updated${rejectedCount ? `, ${rejectedCount} rejected` : ''}`,
      status: rejectedCount ? 'warning' : 'success',
      metadata: { created, updated, rejected: rejectedCount },
    });
    return ok({ created, updated }, MESSAGES.dataImported);
  },
});

/** The workspace's default automation flows (onboarding step 2). */
export const setAutomationDefaults = defineMutator({
  name: 'automation.setDefaults',
  args: v.object({ payment: v.boolean(), shipment: v.boolean(), review: v.boolean() }),
  reads: () => [single('automationDefaults')],
  run(tx, args) {
    const current = tx.singleton('automationDefaults');
    if (current.payment === args.payment && current.shipment === args.shipment && current.review === args.review) return ok(current);
    const onOff = (on: boolean) => (on ? 'on' : 'off');
    const next = { payment: args.payment, shipment: args.shipment, review: args.review };
    tx.setSingleton('automationDefaults', next);
    tx.log({
      action: 'Automation defaults saved',
      actionType: 'system',
      details: `Payment ${onOff(args.payment)}, shipment ${onOff(args.shipment)}, review ${onOff(args.review)}`,
    });
    return ok(next);
  },
});

/** Puts the sample data back in place of everything (Settings, with a confirmation). */
export const resetWorkspace = defineMutator({
  name: 'workspace.reset',
  args: v.object({}),
  reads: () => [...COLLECTION_NAMES.map((c) => all(c)), ...SINGLETON_NAMES.map((s) => single(s))],
  run(tx, _args, meta) {
    const data = sampleWorkspace(nowOf(meta));
    for (const name of COLLECTION_NAMES) {
      const records = (data.collections as Partial<Record<CollectionName, readonly { id: string }[]>>)[name] ?? [];
      const keep = new Set(records.map((r) => r.id));
      for (const old of tx.scan(name)) if (!keep.has(old.id)) tx.delete(name, old.id);
      for (const record of records) tx.put(name, record as never);
    }
    for (const name of SINGLETON_NAMES) {
      const value = (data.singletons)[name];
      if (value !== undefined) tx.setSingleton(name, value as never);
    }
    tx.log({ action: 'Workspace reset', actionType: 'system', details: 'Workspace reset to sample data' });
    return ok(undefined);
  },
});
