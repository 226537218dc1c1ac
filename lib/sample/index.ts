import * as sample from './workspace';
import { SAMPLE_ADMIN_ID } from './workspace';
import { defaultWebhookSettings } from './defaults';

export * from './workspace';

/** The sample workspace as the store seeds it: collections by name, singletons by name. */
export function sampleWorkspace(now: Date) {
  return {
    collections: {
      funnels: sample.sampleFunnels(now),
      inventory: sample.sampleInventory(now),
      orders: sample.sampleOrders(now),
      events: sample.sampleEvents(now),
      notifications: sample.sampleNotifications(now),
      team: sample.sampleTeam(),
      invoices: sample.sampleInvoices(now),
      integrations: sample.sampleIntegrations(now),
      webhookEvents: sample.sampleWebhookEvents(now),
      activity: sample.sampleActivity(now),
      payments: sample.samplePayments(now),
    } as Record<string, { id: string }[]>,
    singletons: {
      session: { memberId: SAMPLE_ADMIN_ID },
      settings: sample.defaultSettings(),
      profile: sample.defaultProfile(),
      plan: sample.samplePlan(now),
      automationDefaults: sample.defaultAutomation(),
      developer: defaultWebhookSettings(),
    } as Record<string, unknown>,
  };
}
