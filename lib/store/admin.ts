// Administration state: settings, profile, plan, billing, integrations, developer, activity.
// Owned by the administration issue.
import { fail, ok, type Result } from '../domain/types';
import type {
  ActivityEntry,
  AutomationDefaults,
  GeneralSettings,
  Integration,
  Invoice,
  Plan,
  Profile,
  WebhookEvent,
} from '../domain/types';
import { defaultAutomation, defaultProfile, defaultSettings, samplePlan } from '../sample/workspace';
import type { StoreContext } from './core';

export function createAdminSlice(ctx: StoreContext) {
  const settings = ctx.singleton<GeneralSettings>('settings', defaultSettings());
  const profile = ctx.singleton<Profile>('profile', defaultProfile());
  const plan = ctx.singleton<Plan>('plan', samplePlan(ctx.now()));
  const automationDefaults = ctx.singleton<AutomationDefaults>('automationDefaults', defaultAutomation());
  const invoices = ctx.collection<Invoice>('invoices');
  const integrations = ctx.collection<Integration>('integrations');
  const webhookEvents = ctx.collection<WebhookEvent>('webhookEvents');
  const activity = ctx.collection<ActivityEntry>('activity', { sort: (a, b) => b.timestamp.localeCompare(a.timestamp) });
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

  return { connectIntegration, disconnectIntegration, settings, profile, plan, automationDefaults, invoices, integrations, webhookEvents, activity };
}
