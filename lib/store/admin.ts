// Administration: settings, profile, plan and usage, integrations, developer settings, the
// activity log, the CSV import of creators and automation defaults. The writes are the
// mutators of lib/mutators/admin.ts.
import { computed } from '@preact/signals-core';
import { computeUsage } from '../domain/billing';
import type { CreatorDraft } from '../domain/csv-import';
import { validateIntegrationConfig, type IntegrationConfig } from '../domain/developer';
import { validateProfile } from '../domain/profile';
import { ok, type AutomationDefaults, type PasswordChange, type Profile, type ProfileForm, type Result } from '../domain/types';
import type { BulkJob, BulkWrites } from './bulk';
import type { StoreContext } from './core';
import type { MailStatus } from '../domain/mail';
import type { ShopConnection, ShopSlug } from '../sync/team-api';

export type { DeveloperSettings } from '../domain/developer';

/** Random bytes for API keys: the Web Crypto generator. */

export function createAdminSlice(ctx: StoreContext, bulk: BulkWrites) {
  const settings = ctx.singleton('settings');
  const profile = ctx.singleton('profile');
  const plan = ctx.singleton('plan');
  const automationDefaults = ctx.singleton('automationDefaults');
  const developer = ctx.singleton('developer');
  const invoices = ctx.collection('invoices');
  const integrations = ctx.collection('integrations');
  const webhookEvents = ctx.collection('webhookEvents');
  const activity = ctx.collection('activity');
  const funnels = ctx.collection('funnels');

  /** The workspace's funnels (creators), for exports and usage. */
  const workspaceFunnels = computed(() => funnels.items.value);
  /** Billing usage: funnels used is the number of funnels in the workspace. */
  const usage = computed(() => computeUsage(workspaceFunnels.value.length, plan.value.value));

  return {
    /** With a team server: where its mail goes and whether the latest message failed (Admins; null otherwise). */
    async mailStatus(): Promise<MailStatus | null> {
      if (!ctx.teamApi) return null;
      const answer = await ctx.teamApi.mailStatus();
      return answer.ok ? { transport: answer.transport, lastFailure: answer.lastFailure } : null;
    },
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
    /** General Settings "Save Changes". */
    saveSettings: (draft: { companyName: string; timeZone: string; language: string }) => ctx.mutate('settings.save', draft),
    setShopUrl: (shopUrl: string) => ctx.mutate('settings.setShopUrl', { shopUrl }),
    /** Profile "Save Changes": the member's name and email follow the profile; passwords are checked, never stored. */
    saveProfile: (form: ProfileForm) => ctx.mutate('profile.save', form),
    /**
     * Profile "Save Changes" from the form. With a team server a typed password is changed on the
     * server first (it checks the current one), and the profile then saves without the passwords,
     * so a password never enters a queued mutation. `field` names the password field a refusal is about.
     */
    async updateProfile(form: ProfileForm): Promise<Result<Profile> & { field?: keyof PasswordChange }> {
      const { currentPassword, newPassword, confirmPassword } = form;
      if (!ctx.teamApi) return ctx.mutate('profile.save', form);
      const allowed = ctx.authorize('profile.save');
      if (!allowed.ok) return allowed;
      const checked = validateProfile(form);
      if (!checked.ok) return checked;
      if (currentPassword !== '' || newPassword !== '' || confirmPassword !== '') {
        const changed = await ctx.teamApi.changePassword({ currentPassword, newPassword, confirmPassword });
        // The server's refusal as it came: its message, code and values, and the field it is about.
        if (!changed.ok) return changed;
      }
      return ctx.mutate('profile.save', { ...form, currentPassword: '', newPassword: '', confirmPassword: '' });
    },
    /** Upgrade Plan: self-service plans switch at once; Enterprise goes through sales. */
    changePlan: (name: string) => ctx.mutate('billing.changePlan', { name }),
    /** Marks a service connected (the onboarding simulation). */
    connectIntegration: (id: string) => ctx.mutate('integrations.connect', { id }),
    /** Checks a Configure Integration form (API key; https webhook URL) without saving it. */
    checkIntegrationConfig: (config: IntegrationConfig) => validateIntegrationConfig(config),
    /** Configure Integration "Save Configuration": validates, then connects with that configuration. */
    configureIntegration: (id: string, config: IntegrationConfig) => ctx.mutate('integrations.configure', { id, config }),
    /**
     * Save Configuration as a screen calls it: with a team server the credentials go to the
     * server (sealed there; the record keeps hints); without one, integrations.configure here.
     */
    async saveIntegration(id: string, config: IntegrationConfig): Promise<Result<unknown>> {
      const allowed = ctx.authorize('integrations.configure');
      if (!allowed.ok) return allowed;
      const checked = validateIntegrationConfig(config);
      if (!checked.ok) return checked;
      if (!ctx.teamApi) return ctx.mutate('integrations.configure', { id, config });
      const saved = await ctx.teamApi.saveIntegrationCredentials(id, { apiKey: checked.value.apiKey, webhookUrl: checked.value.webhookUrl ?? '' });
      return saved.ok ? ok(true) : saved;
    },
    /** A shop's webhook address and signing-secret hint, from the team server (Admins only; none without a server). */
    async shopConnection(shop: ShopSlug): Promise<Result<ShopConnection | null>> {
      const allowed = ctx.authorize('integrations.configure');
      if (!allowed.ok) return allowed;
      if (!ctx.teamApi) return ok(null);
      const answer = await ctx.teamApi.shopConnection(shop);
      return answer.ok ? ok({ webhookUrl: answer.webhookUrl, signingSecret: answer.signingSecret }) : answer;
    },
    /** Saves a shop's webhook signing secret on the team server, never in the workspace data. */
    async saveShopSigningSecret(shop: ShopSlug, secret: string): Promise<Result<ShopConnection>> {
      const allowed = ctx.authorize('integrations.configure');
      if (!allowed.ok) return allowed;
      if (!ctx.teamApi) return { ok: false, error: 'Shop webhooks are taken in by the team server' };
      const answer = await ctx.teamApi.saveShopSigningSecret(shop, secret);
      return answer.ok ? ok({ webhookUrl: answer.webhookUrl, signingSecret: answer.signingSecret }) : answer;
    },
    /** Disconnect really disconnects. */
    disconnectIntegration: (id: string) => ctx.mutate('integrations.disconnect', { id }),
    /** Webhooks tab: the endpoint URL and the event types sent to it. */
    saveWebhookSettings: (draft: { endpointUrl: string; events: readonly string[] }) =>
      ctx.mutate('developer.saveWebhookSettings', { endpointUrl: draft.endpointUrl, events: [...draft.events] }),
    /**
     * CSV import: each accepted row creates a creator funnel at Brief, or updates the creator with
     * the same handle. With a team server the rows go in pages and `job` counts what the server
     * confirmed (the success message waits for it); the counts are then the first page's (none
     * while the workspace is still read in parts: every page waits for it), and `job.values`
     * holds every page's as they are queued. Without a server `job` is null.
     */
    importCreators(rows: readonly { row: number; draft: CreatorDraft }[], rejectedCount = 0): Result<{ created: number; updated: number; job: BulkJob | null }> {
      const result = bulk.run('creators.import', { rows: [...rows], rejectedCount });
      if (!result.ok) return result;
      const { values, job } = result.value;
      const sum = (key: 'created' | 'updated') => values.reduce((total, value) => total + value[key], 0);
      return { ...result, value: { created: sum('created'), updated: sum('updated'), job } };
    },
    /** The workspace's default automation flows (onboarding step 2). */
    setAutomationDefaults: (flags: AutomationDefaults) => ctx.mutate('automation.setDefaults', { ...flags }),
  };
}
