// The small defaults the store needs before (and without) the sample workspace: the signed-in
// sample Admin, settings, profile, plan and developer settings. The sample data itself
// (lib/sample/workspace.ts) loads only when a workspace is seeded or reset.
import { addDays } from 'date-fns/addDays';
import { SAMPLE_PLAN_FEATURES } from '../domain/constants';
import type { WebhookSettings } from '../domain/developer';
import type { AutomationDefaults, GeneralSettings, Plan, Profile } from '../domain/types';

export const SAMPLE_ADMIN_ID = 'tm_1';

export function samplePlan(now: Date): Plan {
  return { name: 'Pro', price: 49, billingCycle: 'month', renewalDate: addDays(now, 18).toISOString(), features: [...SAMPLE_PLAN_FEATURES] };
}

export const defaultSettings = (): GeneralSettings => ({ companyName: 'Creatorflow Demo Co.', timeZone: 'UTC', language: 'en-US' });
export const defaultProfile = (): Profile => ({
  name: 'Alex Morgan',
  email: 'alex.morgan@creatorflow.example',
  notifications: { email: true, sms: false, slack: true, browser: true },
});
export const defaultAutomation = (): AutomationDefaults => ({ payment: true, shipment: true, review: false });

export const defaultWebhookSettings = (): WebhookSettings => ({
  endpointUrl: '',
  events: ['funnel.status.updated', 'creator.onboarded'],
});

