// Administration state: settings, profile, plan, billing, integrations, developer, activity,
// and the CSV import of creators. Actions are the only writers: authorize, check with the
// domain rule, write and log in one transaction, return the Result.
import { computed } from '@preact/signals-core';
import { changePlan as changePlanRule, computeUsage } from '../domain/billing';
import { creatorFunnelFromDraft, type CreatorDraft } from '../domain/csv-import';
import { nextFunnelId } from '../domain/funnels';
import {
  API_KEY_BYTES,
  apiKeyFromBytes,
  validateIntegrationConfig,
  validateWebhookSettings,
  type IntegrationConfig,
  type WebhookSettings,
} from '../domain/developer';
import { MESSAGES } from '../domain/constants';
import { validateProfile } from '../domain/profile';
import { describeSettingsChange, validateGeneralSettings } from '../domain/settings';
import { fail, ok, type Result } from '../domain/types';
import type {
  ActivityEntry,
  AutomationDefaults,
  Funnel,
  GeneralSettings,
  Integration,
  Invoice,
  Plan,
  Profile,
  ProfileForm,
  TeamMember,
  WebhookEvent,
} from '../domain/types';
import { defaultAutomation, defaultProfile, defaultSettings, defaultWebhookSettings, SAMPLE_API_KEY, samplePlan } from '../sample/defaults';
import type { StoreContext } from './core';

export type { DeveloperSettings } from '../domain/developer';
import type { DeveloperSettings } from '../domain/developer';

/** Random bytes for API keys: the Web Crypto generator. */
const webCryptoBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length));

export function createAdminSlice(ctx: StoreContext) {
  const settings = ctx.singleton<GeneralSettings>('settings', defaultSettings());
  const profile = ctx.singleton<Profile>('profile', defaultProfile());
  const plan = ctx.singleton<Plan>('plan', samplePlan(ctx.now()));
  const automationDefaults = ctx.singleton<AutomationDefaults>('automationDefaults', defaultAutomation());
  const developer = ctx.singleton<DeveloperSettings>('developer', { apiKey: SAMPLE_API_KEY, ...defaultWebhookSettings() });
  const invoices = ctx.collection<Invoice>('invoices');
  const integrations = ctx.collection<Integration>('integrations');
  const webhookEvents = ctx.collection<WebhookEvent>('webhookEvents');
  const activity = ctx.collection<ActivityEntry>('activity', { sort: (a, b) => b.timestamp.localeCompare(a.timestamp) });
  // Other slices own these collections (and their options); reach them only when used.
  const funnels = () => ctx.collection<Funnel>('funnels');
  const team = () => ctx.collection<TeamMember>('team');

  /** The workspace's funnels (creators), for exports and usage; the funnels slice owns them. */
  const workspaceFunnels = computed(() => funnels().items.value);

  /** Billing usage: funnels used is the number of funnels in the workspace. */
  const usage = computed(() => computeUsage(workspaceFunnels.value.length, plan.value.value));

  /** General Settings "Save Changes" (PRODUCT-NOTES: it saves). */
  function saveSettings(draft: { companyName: string; timeZone: string; language: string }): Result<GeneralSettings> {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    const result = validateGeneralSettings(draft);
    if (!result.ok) return result;
    const before = settings.value.peek();
    ctx.transaction(() => {
      settings.set(result.value);
      ctx.log({ action: 'Settings updated', actionType: 'system', details: describeSettingsChange(before, result.value) });
    });
    return result;
  }

  /**
   * Profile "Save Changes": the signed-in member's name and email follow the profile.
   * Passwords are checked (spec §5) and never stored.
   */
  function saveProfile(form: ProfileForm): Result<Profile> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const self = allowed.value;
    const result = validateProfile(form, team().items.peek(), self.id);
    if (!result.ok) return result;
    const passwordChanged = form.newPassword !== '';
    ctx.transaction(() => {
      profile.set(result.value);
      const member = team().get(self.id);
      if (member && (member.name !== result.value.name || member.email !== result.value.email))
        team().put({ ...member, name: result.value.name, email: result.value.email });
      ctx.log({
        action: 'Profile updated',
        actionType: 'system',
        details: `${result.value.name} (${result.value.email})${passwordChanged ? '; password change requested' : ''}`,
      });
    });
    return result;
  }

  /** Upgrade Plan: self-service plans switch at once; Enterprise goes through sales. */
  function changePlan(name: string): Result<Plan> {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    const current = plan.value.peek();
    const result = changePlanRule(current, name);
    if (!result.ok) return result;
    ctx.transaction(() => {
      plan.set(result.value);
      ctx.log({ action: 'Plan changed', actionType: 'system', details: `${current.name} → ${result.value.name}` });
    });
    return result;
  }

  /** Marks a service connected (after the Configure dialog or the onboarding simulation). */
  function connectIntegration(id: string, config: { apiKey?: string; webhookUrl?: string } = {}): Result<Integration> {
    const allowed = ctx.authorize('editAutomations');
    if (!allowed.ok) return allowed;
    const integration = integrations.get(id);
    if (!integration) return fail('This integration does not exist');
    const next: Integration = { ...integration, ...config, status: 'connected', lastSync: ctx.now().toISOString() };
    ctx.transaction(() => {
      integrations.put(next);
      ctx.log({ action: 'Integration connected', actionType: 'system', details: integration.name });
    });
    return ok(next);
  }

  /** Checks a Configure Integration form (API key; https webhook URL) without saving it. */
  function checkIntegrationConfig(config: IntegrationConfig) {
    return validateIntegrationConfig(config);
  }

  /** Configure Integration "Save Configuration": validates, then connects with that configuration. */
  function configureIntegration(id: string, config: IntegrationConfig): Result<Integration> {
    const checked = validateIntegrationConfig(config);
    if (!checked.ok) return checked;
    return connectIntegration(id, { apiKey: checked.value.apiKey, webhookUrl: checked.value.webhookUrl ?? '' });
  }

  /** PRODUCT-NOTES: Disconnect really disconnects. */
  function disconnectIntegration(id: string): Result<Integration> {
    const allowed = ctx.authorize('editAutomations');
    if (!allowed.ok) return allowed;
    const integration = integrations.get(id);
    if (!integration) return fail('This integration does not exist');
    const next: Integration = { ...integration, status: 'disconnected' };
    ctx.transaction(() => {
      integrations.put(next);
      ctx.log({ action: 'Integration disconnected', actionType: 'system', details: integration.name });
    });
    return ok(next, `Disconnected from ${integration.name}`);
  }

  /** Regenerate after the confirmation dialog (spec §4): a new sk_test_ key from Web Crypto random bytes. */
  function regenerateApiKey(randomBytes: (length: number) => Uint8Array = webCryptoBytes): Result<string> {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    const apiKey = apiKeyFromBytes(randomBytes(API_KEY_BYTES));
    ctx.transaction(() => {
      developer.set({ ...developer.value.peek(), apiKey });
      ctx.log({ action: 'API key regenerated', actionType: 'system', details: `New key ending in ${apiKey.slice(-4)}` });
    });
    return ok(apiKey, MESSAGES.apiKeyRegenerated);
  }

  /** Webhooks tab: the endpoint URL and the event types sent to it. */
  function saveWebhookSettings(draft: { endpointUrl: string; events: readonly string[] }): Result<WebhookSettings> {
    const allowed = ctx.authorize('editAutomations');
    if (!allowed.ok) return allowed;
    const result = validateWebhookSettings(draft);
    if (!result.ok) return result;
    ctx.transaction(() => {
      developer.set({ ...developer.value.peek(), ...result.value });
      ctx.log({ action: 'Webhook settings updated', actionType: 'system', details: `${result.value.endpointUrl} (${result.value.events.join(', ')})` });
    });
    return result;
  }

  /**
   * CSV import: each accepted row creates a creator funnel at Brief, or updates the creator
   * with the same handle (PRODUCT-NOTES: the import really creates or updates creators).
   */
  function importCreators(rows: readonly { row: number; draft: CreatorDraft }[], rejectedCount = 0): Result<{ created: number; updated: number }> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    if (rows.length === 0) return fail('There are no valid rows to import');
    const col = funnels();
    let created = 0;
    let updated = 0;
    ctx.transaction(() => {
      // One pass and one replaceAll: a large file costs linear time, not a copy per row.
      const current = col.items.peek();
      const position = new Map(current.map((f, index) => [f.creatorHandle.toLowerCase(), index]));
      const next: Funnel[] = [...current];
      const added: Funnel[] = [];
      const addedAt = new Map<string, number>();
      let lastId = nextFunnelId(current);
      for (const { draft } of rows) {
        const key = draft.handle.toLowerCase();
        const at = position.get(key);
        const addedIndex = addedAt.get(key);
        if (at !== undefined || addedIndex !== undefined) {
          const existing = at !== undefined ? next[at] : added[addedIndex!];
          const merged = creatorFunnelFromDraft(draft, existing, { now: ctx.now(), id: existing.id, assignedTo: allowed.value.name });
          if (at !== undefined) {
            next[at] = merged;
            updated++;
          } else added[addedIndex!] = merged;
          continue;
        }
        added.push(creatorFunnelFromDraft(draft, undefined, { now: ctx.now(), id: lastId, assignedTo: allowed.value.name }));
        addedAt.set(key, added.length - 1);
        lastId = nextFunnelId([{ id: lastId }]);
        created++;
      }
      col.replaceAll([...added, ...next]);
      ctx.log({
        action: 'Creators imported',
        actionType: 'creator',
        details: `${created} created, ${updated} updated${rejectedCount ? `, ${rejectedCount} rejected` : ''}`,
        status: rejectedCount ? 'warning' : 'success',
        metadata: { created, updated, rejected: rejectedCount },
      });
    });
    return ok({ created, updated }, MESSAGES.dataImported);
  }

  /** The workspace's default automation flows (onboarding step 2). */
  function setAutomationDefaults(flags: AutomationDefaults): Result<AutomationDefaults> {
    const allowed = ctx.authorize('editAutomations');
    if (!allowed.ok) return allowed;
    const current = automationDefaults.value.peek();
    if (current.payment === flags.payment && current.shipment === flags.shipment && current.review === flags.review) return ok(current);
    const onOff = (on: boolean) => (on ? 'on' : 'off');
    ctx.transaction(() => {
      automationDefaults.set({ ...flags });
      ctx.log({
        action: 'Automation defaults saved',
        actionType: 'system',
        details: `Payment ${onOff(flags.payment)}, shipment ${onOff(flags.shipment)}, review ${onOff(flags.review)}`,
      });
    });
    return ok({ ...flags });
  }

  return {
    setAutomationDefaults,
    settings,
    profile,
    plan,
    usage,
    workspaceFunnels,
    automationDefaults,
    developer,
    invoices,
    integrations,
    webhookEvents,
    activity,
    saveSettings,
    saveProfile,
    changePlan,
    connectIntegration,
    checkIntegrationConfig,
    configureIntegration,
    disconnectIntegration,
    regenerateApiKey,
    saveWebhookSettings,
    importCreators,
  };
}
