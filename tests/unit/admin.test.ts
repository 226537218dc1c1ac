import { describe, expect, it } from 'vitest';
import { computeUsage, changePlan, formatPlanPrice, invoiceNumber, invoiceRows, issueInvoice, usagePercent } from '../../lib/domain/billing';
import { validateImport } from '../../lib/domain/csv-import';
import { createStore } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { sampleInvoices, samplePlan } from '../../lib/sample/workspace';
import { subMonths } from 'date-fns';

const now = () => new Date('2026-03-10T12:00:00Z');

async function makeStore(storage = createMemoryStorage()) {
  const store = createStore({ storage, now });
  await store.loaded;
  return store;
}

describe('settings and profile actions', () => {
  it('saves General Settings, logs it, and keeps them across a reload', async () => {
    const storage = createMemoryStorage();
    const store = await makeStore(storage);
    const result = store.admin.saveSettings({ companyName: '  Acme  ', timeZone: 'America/New_York', language: 'fr' });
    expect(result.ok).toBe(true);
    expect(store.admin.settings.value.value).toEqual({ companyName: 'Acme', timeZone: 'America/New_York', language: 'fr' });
    expect(store.admin.activity.items.value[0]).toMatchObject({ action: 'Settings updated', actionType: 'system' });
    await store.flush();
    const again = await makeStore(storage);
    expect(again.admin.settings.value.value.companyName).toBe('Acme');
  });

  it('refuses settings from a member without manageTeam and changes nothing', async () => {
    const store = await makeStore();
    store.session.signIn('tm_2');
    const before = store.admin.settings.value.value;
    expect(store.admin.saveSettings({ companyName: 'X', timeZone: 'UTC', language: 'es' })).toMatchObject({
      ok: false,
      error: 'You do not have permission to manage the team',
    });
    expect(store.admin.settings.value.value).toBe(before);
  });

  it('saves the profile without passwords and renames the signed-in member', async () => {
    const store = await makeStore();
    const result = store.admin.saveProfile({
      name: 'Alexandra Morgan',
      email: 'alex@creatorflow.example',
      currentPassword: 'old',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
      notifications: { email: true, sms: true, slack: false, browser: true },
    });
    expect(result).toMatchObject({ ok: true, message: 'Profile updated successfully' });
    expect(store.admin.profile.value.value).toEqual({
      name: 'Alexandra Morgan',
      email: 'alex@creatorflow.example',
      notifications: { email: true, sms: true, slack: false, browser: true },
    });
    expect(JSON.stringify(store.admin.profile.value.value)).not.toContain('new-secret');
    expect(JSON.stringify(store.admin.activity.items.value)).not.toContain('new-secret');
    expect(store.session.currentMember.value?.name).toBe('Alexandra Morgan');
  });

  it('blocks the profile save when the new passwords do not match', async () => {
    const store = await makeStore();
    const before = store.admin.profile.value.value;
    const result = store.admin.saveProfile({ ...before, currentPassword: '', newPassword: 'a', confirmPassword: 'b' });
    expect(result).toMatchObject({ ok: false, error: 'New passwords do not match' });
    expect(store.admin.profile.value.value).toBe(before);
  });

  it('resets the workspace to the sample data', async () => {
    const store = await makeStore();
    store.admin.saveSettings({ companyName: 'Changed', timeZone: 'UTC', language: 'en-US' });
    expect(store.resetWorkspace().ok).toBe(true);
    expect(store.admin.settings.value.value.companyName).toBe('Creatorflow Demo Co.');
  });
});

describe('CSV import action', () => {
  it('creates new creators at Brief and updates existing ones by handle, in one logged write', async () => {
    const store = await makeStore();
    const before = store.admin.workspaceFunnels.value.length;
    const check = validateImport(
      [
        ['@newcreator', 'New Creator', '1200'],
        ['@SARAHJSTYLE', 'Sarah Johnson', '250000'],
        ['', 'Broken', 'x'],
      ],
      ['creator_handle', 'creator_name', 'followers'],
    );
    const result = store.admin.importCreators(check.accepted, check.rejected.length);
    expect(result).toMatchObject({ ok: true, value: { created: 1, updated: 1 }, message: 'Data imported successfully' });
    const funnels = store.admin.workspaceFunnels.value;
    expect(funnels).toHaveLength(before + 1);
    // A new creator's id comes from the mutation's seed: the same in every replay, never one another import takes.
    expect(funnels.find((f) => f.creatorHandle === '@newcreator')).toMatchObject({ status: 'Brief', id: expect.stringMatching(/^CR_[A-Za-z0-9_-]+$/), followers: 1200 });
    expect(funnels.find((f) => f.id === 'CR12345')).toMatchObject({ followers: 250000, status: 'Production' });
    expect(store.admin.activity.items.value[0]).toMatchObject({ action: 'Creators imported', actionType: 'creator', status: 'warning', details: '1 created, 1 updated, 1 rejected' });
  });

  it('refuses an import by a Viewer', async () => {
    const store = await makeStore();
    store.session.signIn('tm_3');
    const result = store.admin.importCreators([{ row: 1, draft: { handle: '@x', name: 'X' } }]);
    expect(result.ok).toBe(false);
  });
});

describe('integrations, developer and billing actions', () => {
  it('configures a service: API key required, https webhook only', async () => {
    const store = await makeStore();
    expect(store.admin.configureIntegration('shopify', { apiKey: '', webhookUrl: '' })).toMatchObject({ ok: false, error: 'Please enter an API key' });
    expect(store.admin.configureIntegration('shopify', { apiKey: 'k', webhookUrl: 'http://x.example' })).toMatchObject({
      ok: false,
      error: 'Webhook URL must start with https://',
    });
    expect(store.admin.integrations.get('shopify')?.status).toBe('disconnected');
    expect(store.admin.configureIntegration('shopify', { apiKey: 'shpat_live_0123456789abcd', webhookUrl: 'https://x.example/hook?token=t0k' }).ok).toBe(true);
    // The record keeps hints only: no browser-only workspace uses the values, so none is kept.
    const saved = store.admin.integrations.get('shopify');
    expect(saved).toMatchObject({ status: 'connected', credentials: { apiKeyHint: 'abcd', webhookHost: 'x.example' } });
    expect(JSON.stringify(saved)).not.toMatch(/shpat_live|token=t0k/);
    expect(JSON.stringify(store.admin.activity.items.peek())).not.toMatch(/shpat_live|token=t0k/);
  });

  it('really disconnects', async () => {
    const store = await makeStore();
    expect(store.admin.disconnectIntegration('google-analytics').ok).toBe(true);
    expect(store.admin.integrations.get('google-analytics')?.status).toBe('disconnected');
    expect(store.admin.activity.items.value[0].action).toBe('Integration disconnected');
  });

  it('keeps no API key in the workspace: the developer settings are the Webhooks tab only', async () => {
    const store = await makeStore();
    expect(store.admin.developer.value.value).toEqual({ endpointUrl: expect.any(String), events: expect.any(Array) });
    expect(JSON.stringify(store.admin.developer.value.value)).not.toContain('sk_test_');
  });

  it('saves webhook settings with an https endpoint and at least one event', async () => {
    const store = await makeStore();
    expect(store.admin.saveWebhookSettings({ endpointUrl: 'ftp://x', events: ['creator.onboarded'] }).ok).toBe(false);
    expect(store.admin.saveWebhookSettings({ endpointUrl: 'https://hooks.example/cf', events: [] })).toMatchObject({ ok: false, error: 'Choose at least one event type' });
    expect(store.admin.saveWebhookSettings({ endpointUrl: 'https://hooks.example/cf', events: ['creator.onboarded'] }).ok).toBe(true);
    expect(store.admin.developer.value.value).toMatchObject({ endpointUrl: 'https://hooks.example/cf', events: ['creator.onboarded'] });
  });

  it('computes usage from the workspace funnels against the plan', async () => {
    const store = await makeStore();
    expect(store.admin.usage.value).toEqual({ creatorsUsed: 6, creatorsLimit: 50, storageUsedGb: 7.5, storageLimitGb: 10 });
    expect(store.admin.changePlan('Business').ok).toBe(true);
    expect(store.admin.usage.value.creatorsLimit).toBe(200);
    expect(store.admin.changePlan('Enterprise')).toMatchObject({ ok: false, error: 'Contact sales to move to Enterprise' });
  });
});

describe('billing rules', () => {
  const plan = samplePlan(now());
  it('shows the sample plan as $49 per month', () => {
    expect(formatPlanPrice(plan)).toBe('$49 per month');
    expect(computeUsage(32, plan)).toEqual({ creatorsUsed: 32, creatorsLimit: 50, storageUsedGb: 7.5, storageLimitGb: 10 });
    expect(usagePercent(7.5, 10)).toBe(75);
    expect(usagePercent(80, 50)).toBe(100);
  });
  it('refuses a switch to the current plan', () => {
    expect(changePlan(plan, 'Pro')).toMatchObject({ ok: false, error: 'You are already on the Pro plan' });
  });
  it('builds an invoice statement', () => {
    const rows = invoiceRows({ id: 'INV-1', date: '2026-02-10T00:00:00Z', amount: 49, status: 'failed', downloadUrl: '' }, 'Acme', '2026-02-10');
    expect(rows.rows[0]).toEqual(['INV-1', '2026-02-10', 'Acme', 'Creatorflow Pro plan, 1 month', '49.00', 'Failed']);
  });
  it('an issued invoice keeps what it billed, whatever the plan is now', () => {
    const issued = issueInvoice(plan, new Date('2026-02-28T12:00:00Z'), 'paid');
    expect(issued).toMatchObject({ id: 'INV-2026-002', amount: 49, description: 'Creatorflow Pro plan, 1 month' });
    const business = changePlan(plan, 'Business');
    expect(business.ok).toBe(true);
    expect(invoiceRows(issued, 'Acme', '2026-02-28').rows[0][3]).toBe('Creatorflow Pro plan, 1 month');
  });
  it('sample invoices are numbered by the month they were issued, a month apart, the last a month before renewal', () => {
    const invoices = sampleInvoices(now());
    const renewal = new Date(plan.renewalDate);
    invoices.forEach((invoice, index) => {
      const issued = new Date(invoice.date);
      expect(issued.getTime()).toBe(subMonths(renewal, index + 1).getTime());
      expect(invoice.id).toBe(invoiceNumber(issued));
    });
  });
});
