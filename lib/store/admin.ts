// Administration state: settings, profile, plan, billing, integrations, developer, activity.
// Owned by the administration issue.
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
  return { settings, profile, plan, automationDefaults, invoices, integrations, webhookEvents, activity };
}
