// Administration writes: settings, profile, plan, integrations, developer settings, the CSV
// import of creators, automation defaults and the reset to sample data.
import * as v from 'valibot';
import { changePlan as changePlanRule } from '../domain/billing';
import { validateShopUrl, withDiscountCodes } from '../domain/attribution';
import { creatorFunnelFromDraft } from '../domain/csv-import';
import { integrationCredentialsOf, urlHost, validateIntegrationConfig, validateWebhookSettings, type WebhookSettings } from '../domain/developer';
import { listValue, message } from '../domain/messages';
import { validateProfile } from '../domain/profile';
import { describeSettingsChange, validateGeneralSettings } from '../domain/settings';
import { CHANNELS, refuse, ok, accept, type Funnel, type Integration, type IntegrationCredentials, type Profile, type Result } from '../domain/types';
import { sampleWorkspace } from '../sample';
import { lookupKey } from '../schema/lookups';
import { COLLECTION_NAMES, SINGLETON_NAMES, type CollectionName } from '../schema/names';
import { bulkPart, creatorDraft, id, text } from './args';
import { all, byKey, defineMutator, idsFrom, nowOf, one, partMetadata, single } from './define';
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
    // The shop URL is set on its own (Settings › Integrations); saving General Settings keeps it.
    tx.setSingleton('settings', before.shopUrl ? { ...result.value, shopUrl: before.shopUrl } : result.value);
    tx.log({ action: message('activity.action.settingsUpdated'), actionType: 'system', details: describeSettingsChange(before, result.value) });
    return result;
  },
});

/** Settings › Integrations "Shop URL": where tracking links send visitors (https only; blank removes it). */
export const setShopUrl = defineMutator({
  name: 'settings.setShopUrl',
  args: v.object({ shopUrl: text(2000) }),
  reads: () => [single('settings')],
  run(tx, args): Result<string | undefined> {
    const checked = validateShopUrl(args.shopUrl);
    if (!checked.ok) return checked;
    const before = tx.singleton('settings');
    if (before.shopUrl === checked.value) return accept(checked.value, checked.value ? 'domain.attribution.shopUrlSaved' : 'domain.attribution.shopUrlCleared');
    const next = { ...before };
    if (checked.value) next.shopUrl = checked.value;
    else delete next.shopUrl;
    tx.setSingleton('settings', next);
    tx.log({ action: message('activity.action.shopUrlChanged'), actionType: 'system', details: message('activity.details.data', { value: checked.value ?? '—' }) });
    return accept(checked.value, checked.value ? 'domain.attribution.shopUrlSaved' : 'domain.attribution.shopUrlCleared');
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
    if (!self) return refuse('domain.funnels.signedOut');
    const result = validateProfile(args, tx.scan('team'), self.id);
    if (!result.ok) return result;
    tx.setSingleton('profile', result.value);
    const member = tx.get('team', self.id);
    if (member && (member.name !== result.value.name || member.email !== result.value.email))
      tx.put('team', { ...member, name: result.value.name, email: result.value.email });
    tx.log({
      action: message('activity.action.profileUpdated'),
      actionType: 'system',
      details: message(args.newPassword !== '' ? 'activity.byAction.profilePassword' : 'activity.details.nameEmail', { name: result.value.name, email: result.value.email }),
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
    tx.log({ action: message('activity.action.planChanged'), actionType: 'system', details: message('activity.byAction.planChanged', { from: current.name, to: result.value.name }) });
    return result;
  },
});

function connect(tx: WriteTx, integrationId: string, credentials: IntegrationCredentials | undefined, now: string) {
  const integration = tx.get('integrations', integrationId);
  if (!integration) return refuse<Integration>('domain.integrations.missing');
  const next: Integration = { ...integration, ...(credentials ? { credentials } : {}), status: 'connected', lastSync: now };
  tx.put('integrations', next);
  tx.log({ action: message('activity.action.integrationConnected'), actionType: 'system', details: message('activity.details.data', { value: integration.name }) });
  return ok(next);
}

/** Marks a service connected (the onboarding simulation): no credentials. */
export const connectIntegration = defineMutator({
  name: 'integrations.connect',
  args: v.object({ id }),
  reads: (args) => [one('integrations', args.id)],
  run: (tx, args, meta) => connect(tx, args.id, undefined, meta.now),
});

/**
 * Configure Integration "Save Configuration": validates (API key; https webhook URL), then
 * connects. The record keeps hints only: on a team server the values go to its sealed
 * secrets in the same transaction (PUT /integrations/:id/credentials); without one they are
 * not kept at all, as nothing in a browser-only workspace would use them.
 */
export const configureIntegration = defineMutator({
  name: 'integrations.configure',
  args: v.object({ id, config: v.object({ apiKey: text(1000), webhookUrl: text(2000) }) }),
  reads: (args) => [one('integrations', args.id)],
  run(tx, args, meta) {
    const checked = validateIntegrationConfig(args.config);
    if (!checked.ok) return checked;
    return connect(tx, args.id, integrationCredentialsOf(checked.value), meta.now);
  },
});

export const disconnectIntegration = defineMutator({
  name: 'integrations.disconnect',
  args: v.object({ id }),
  reads: (args) => [one('integrations', args.id)],
  run(tx, args) {
    const integration = tx.get('integrations', args.id);
    if (!integration) return refuse<Integration>('domain.integrations.missing');
    // The credentials are kept (sealed on the server), so the service can be connected again.
    const next: Integration = { ...integration, status: 'disconnected' };
    tx.put('integrations', next);
    tx.log({ action: message('activity.action.integrationDisconnected'), actionType: 'system', details: message('activity.details.data', { value: integration.name }) });
    return accept(next, 'domain.integrations.disconnected', { name: integration.name });
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
    tx.log({
      action: message('activity.action.webhookSettings'),
      actionType: 'system',
      details: message('activity.details.hostEvents', { host: urlHost(result.value.endpointUrl), events: listValue(result.value.events) }),
    });
    return ok<WebhookSettings>(result.value, result.message);
  },
});

/**
 * CSV import: each accepted row creates a creator funnel at Brief, or updates the creator with
 * the same handle (any letter case). With a team server a large file arrives in pages (`part`),
 * each its own mutation, all or nothing. It reads only the creators its handles name, so a page
 * costs the same in a workspace of 100 funnels as in one of 100,000.
 */
export const importCreators = defineMutator({
  name: 'creators.import',
  args: v.object({
    rows: v.pipe(v.array(v.object({ row: v.number(), draft: creatorDraft })), v.maxLength(100_000)),
    rejectedCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
    part: v.optional(bulkPart),
  }),
  reads: (args) => [byKey('funnels', args.rows.map((r) => r.draft.handle))],
  run(tx, args, meta) {
    const rejectedCount = args.rejectedCount ?? 0;
    if (args.rows.length === 0) return refuse<{ created: number; updated: number }>('import.noValidRows');
    const assignedTo = tx.actor?.name ?? 'System';
    const now = nowOf(meta);
    // New creators take ids from the mutation's seed: the same on every replay and on the
    // server, and never the id another member's import takes at the same time.
    const newId = idsFrom(meta);
    let created = 0;
    let updated = 0;
    // Every lookup before any write: the creator a handle names as the workspace has it.
    const byHandle = new Map<string, Funnel>();
    for (const { draft } of args.rows) {
      const key = lookupKey(draft.handle);
      if (byHandle.has(key)) continue;
      const found = tx.lookup('funnels', draft.handle);
      if (found.length) byHandle.set(key, found[found.length - 1]);
    }
    const added = new Map<string, Funnel>();
    for (const { draft } of args.rows) {
      const key = lookupKey(draft.handle);
      const existing = byHandle.get(key);
      if (existing) {
        const merged = creatorFunnelFromDraft(draft, existing, { now, id: existing.id, assignedTo });
        byHandle.set(key, merged);
        tx.put('funnels', merged);
        updated++;
        continue;
      }
      const fresh = added.get(key);
      const funnel = creatorFunnelFromDraft(draft, fresh, { now, id: fresh?.id ?? newId('CR'), assignedTo });
      added.set(key, funnel);
      if (!fresh) created++;
    }
    // New creators go first, in file order, as a block.
    // A new creator's handle is new to the workspace, so its code is too (unless a code was edited
    // to it, which the server's matching tells apart by the newest funnel); codes within the file are made unique.
    const fresh = withDiscountCodes([...added.values()], []);
    for (let i = fresh.length - 1; i >= 0; i--) tx.put('funnels', fresh[i], { prepend: true });
    tx.log({
      action: message('activity.action.creatorsImported'),
      actionType: 'creator',
      details: rejectedCount
        ? message('activity.details.importedRejected', { created, updated, rejected: rejectedCount })
        : message('activity.details.imported', { created, updated }),
      status: rejectedCount ? 'warning' : 'success',
      metadata: { created, updated, rejected: rejectedCount, ...partMetadata(args.part) },
    });
    return accept({ created, updated }, 'import.done');
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
      action: message('activity.action.automationSaved'),
      actionType: 'system',
      details: message('activity.details.automations', { payment: onOff(args.payment), shipment: onOff(args.shipment), review: onOff(args.review) }),
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
    tx.log({ action: message('activity.action.workspaceReset'), actionType: 'system', details: message('activity.details.workspaceReset') });
    return ok(undefined);
  },
});
