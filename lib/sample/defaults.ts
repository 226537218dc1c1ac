// The small defaults the store needs before (and without) the sample workspace: the signed-in
// sample Admin, settings, profile, plan and developer settings. The sample data itself
// (lib/sample/workspace.ts) loads only when a workspace is seeded or reset.
import { addDays } from 'date-fns';
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
  events: ['funnel.status.updated', 'creator.onboarded', 'payment.succeeded'],
});

/** The sample workspace's test key, until the user regenerates one (generated keys use Web Crypto). */
export const SAMPLE_API_KEY = 'sk_test_4f9a2c7e1b8d3f6a0c5e9b2d7f4a1c8e3b6d9f2a5c7e0b1d';
