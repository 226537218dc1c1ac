import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Integrations } from '../../widgets/integrations';
import type { TeamApi } from '../../lib/sync/team-api';
import { renderScreen } from '../helpers/render';

describe('<Integrations>', () => {
  it('has the category tabs and filters the cards by category', async () => {
    const user = userEvent.setup();
    await renderScreen(<Integrations connectDelayMs={0} />);
    expect((await screen.findAllByRole('tab')).map((t) => t.textContent)).toEqual(['All', 'Analytics', 'Email & SMS', 'E-commerce', 'Webhooks']);
    await user.click(screen.getByRole('tab', { name: 'E-commerce' }));
    const services = screen.getByRole('list', { name: 'Services' });
    expect(within(services).getByRole('heading', { name: 'Shopify' })).toBeInTheDocument();
    expect(within(services).queryByRole('heading', { name: 'Mailchimp' })).not.toBeInTheDocument();
  });

  it('lists connected services', async () => {
    await renderScreen(<Integrations connectDelayMs={0} />);
    const connected = await screen.findByRole('list', { name: 'Connected Services' });
    expect(within(connected).getAllByRole('listitem').map((li) => li.querySelector('strong')?.textContent)).toEqual(['Google Analytics', 'Mailchimp']);
  });

  it('Connect opens Configure Integration, which needs an API key and an https webhook URL', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Integrations connectDelayMs={300} />);
    await user.click(await screen.findByRole('button', { name: 'Connect Shopify' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Integration' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter an API key');
    await user.type(within(dialog).getByLabelText('API Key'), 'shp_123');
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'http://shop.example/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Webhook URL must start with https://');
    expect(store.admin.integrations.get('shopify')?.status).toBe('disconnected');
    await user.clear(within(dialog).getByLabelText('Webhook URL'));
    await user.type(within(dialog).getByLabelText('Webhook URL'), 'https://shop.example/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(screen.queryByRole('dialog', { name: 'Configure Integration' })).not.toBeInTheDocument();
    expect((await screen.findAllByText('Connecting to Shopify...')).length).toBeGreaterThan(0);
    expect((await screen.findAllByText('Successfully connected to Shopify!')).length).toBeGreaterThan(0);
    expect(store.admin.integrations.get('shopify')?.status).toBe('connected');
    expect(await screen.findByRole('button', { name: 'Disconnect Shopify' })).toBeInTheDocument();
  });

  it('Disconnect asks first, then really disconnects', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Integrations connectDelayMs={0} />);
    await user.click(await screen.findByRole('button', { name: 'Disconnect Google Analytics' }));
    const confirm = screen.getByRole('dialog', { name: 'Disconnect Google Analytics?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(store.admin.integrations.get('google-analytics')?.status).toBe('connected');
    await user.click(screen.getByRole('button', { name: 'Disconnect Google Analytics' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Disconnect Google Analytics?' })).getByRole('button', { name: 'Disconnect' }));
    expect(store.admin.integrations.get('google-analytics')?.status).toBe('disconnected');
    expect(screen.getByRole('button', { name: 'Connect Google Analytics' })).toBeInTheDocument();
  });

  it('an Admin sees saved credentials as "•••• 1234" with Replace, never the key itself', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Integrations connectDelayMs={0} />);
    expect(store.admin.configureIntegration('google-analytics', { apiKey: 'ga_live_secretvalue1234', webhookUrl: 'https://hooks.example.com/t/abc' }).ok).toBe(true);
    await user.click(await screen.findByRole('button', { name: 'Configure Google Analytics' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Integration' });
    expect(within(dialog).getByText('•••• 1234')).toBeInTheDocument();
    expect(within(dialog).getByText('Sends to hooks.example.com')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/secretvalue|\/t\/abc/);
    expect(within(dialog).queryByLabelText('API Key')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save Configuration' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Replace the credentials of Google Analytics' }));
    // Replace starts from empty fields: the saved values are not in the browser to fill them with.
    expect(within(dialog).getByLabelText('API Key')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('API Key'), 'ga_live_othervalue9876');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    // The toast is raised inside the open dialog and moves to the page as the dialog closes: looked for again until it stays.
    await waitFor(() => expect(screen.getByText('Configuration saved for Google Analytics')).toBeInTheDocument());
    expect(store.admin.integrations.get('google-analytics')?.credentials).toEqual({ apiKeyHint: '9876' });
  });

  it.each([
    ['an Editor', 'tm_2'],
    ['a Viewer', 'tm_3'],
  ])('%s sees names and status, and no configuration', async (_who, memberId) => {
    const { store } = await renderScreen(<Integrations connectDelayMs={0} />);
    expect(store.admin.configureIntegration('google-analytics', { apiKey: 'ga_live_secretvalue1234', webhookUrl: '' }).ok).toBe(true);
    store.session.signIn(memberId);
    await store.flush();
    const services = await screen.findByRole('list', { name: 'Services' });
    expect(within(services).getByRole('heading', { name: 'Google Analytics' })).toBeInTheDocument();
    expect(within(services).getAllByText('Connected').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Configure / })).not.toBeInTheDocument();
    expect(screen.queryByText(/••••/)).not.toBeInTheDocument();
    const connect = screen.getByRole('button', { name: 'Connect Shopify' });
    expect(connect).toBeDisabled();
    expect(connect).toHaveAttribute('title', 'Only Admins can configure integrations');
  });

  it('with a team server, says saved only once the server holds the credentials, and shows its refusal', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let answer: { ok: true } | { ok: false; error: string } = { ok: false, error: 'The server could not save this' };
    // The team server's credentials call (the rest of the team API is never reached here).
    const teamApi = {
      saveIntegrationCredentials: async (id: string, config: unknown) => {
        sent.push({ id, config });
        return answer;
      },
    } as unknown as TeamApi;
    const { store } = await renderScreen(<Integrations connectDelayMs={0} />, { teamApi });
    await user.click(await screen.findByRole('button', { name: 'Configure Google Analytics' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Integration' });
    await user.type(within(dialog).getByLabelText('API Key'), 'ga_live_secretvalue1234');
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server could not save this');
    expect(screen.queryByText('Configuration saved for Google Analytics')).not.toBeInTheDocument();
    // Nothing was written locally: the credentials went to the server only.
    expect(store.admin.integrations.get('google-analytics')?.credentials).toBeUndefined();
    answer = { ok: true };
    await user.click(within(dialog).getByRole('button', { name: 'Save Configuration' }));
    expect(await screen.findByText('Configuration saved for Google Analytics')).toBeInTheDocument();
    expect(sent).toEqual([
      { id: 'google-analytics', config: { apiKey: 'ga_live_secretvalue1234', webhookUrl: '' } },
      { id: 'google-analytics', config: { apiKey: 'ga_live_secretvalue1234', webhookUrl: '' } },
    ]);
  });

  it('connecting Shopify shows the webhook address and saves its signing secret on the server, shown after only as a hint', async () => {
    const user = userEvent.setup();
    const sent: { shop: string; secret: string }[] = [];
    const connection = { webhookUrl: 'http://127.0.0.1:4173/integrations/shopify/webhooks/ws_1', signingSecret: { configured: false, hint: '' } };
    let refusal: { ok: false; error: string } | null = { ok: false, error: 'secret must be the signing secret the shop shows (at least 16 characters)' };
    const teamApi = {
      shopConnection: async () => ({ ok: true, ...connection }),
      saveShopSigningSecret: async (shop: string, secret: string) => {
        sent.push({ shop, secret });
        return refusal ?? { ok: true, webhookUrl: connection.webhookUrl, signingSecret: { configured: true, hint: secret.slice(-4) } };
      },
    } as unknown as TeamApi;
    await renderScreen(<Integrations connectDelayMs={0} />, { teamApi });
    await user.click(await screen.findByRole('button', { name: 'Connect Shopify' }));
    const dialog = screen.getByRole('dialog', { name: 'Configure Integration' });
    const section = await within(dialog).findByRole('region', { name: 'Shopify order webhooks' });
    expect(within(section).getByLabelText('Webhook address to paste into Shopify')).toHaveValue(connection.webhookUrl);
    expect(within(section).getByText('Not saved yet: paste the signing secret Shopify shows under its webhooks.')).toBeInTheDocument();
    const save = within(section).getByRole('button', { name: 'Save signing secret' });
    expect(save).toBeDisabled();

    await user.type(within(section).getByLabelText('Webhook signing secret'), 'short');
    await user.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent('at least 16 characters');

    refusal = null;
    await user.clear(within(section).getByLabelText('Webhook signing secret'));
    await user.type(within(section).getByLabelText('Webhook signing secret'), 'shpss_0123456789abcdef1234');
    await user.click(save);
    expect(await within(section).findByRole('status')).toHaveTextContent('Signing secret saved on the server');
    expect(within(section).getByText('Saved: •••• 1234. Enter a new one to replace it.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Webhook signing secret')).toHaveValue('');
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('0123456789abcdef');
    expect(sent).toEqual([
      { shop: 'shopify', secret: 'short' },
      { shop: 'shopify', secret: 'shpss_0123456789abcdef1234' },
    ]);
  });

  it('never asks the server for the Shopify connection for an Editor or a Viewer', async () => {
    let asked = 0;
    const teamApi = { shopConnection: async () => (asked++, { ok: false, error: 'Only Admins can configure integrations' }) } as unknown as TeamApi;
    const { store } = await renderScreen(<Integrations connectDelayMs={0} />, { teamApi });
    store.session.signIn('tm_2');
    await store.flush();
    expect(screen.getByRole('button', { name: 'Connect Shopify' })).toBeDisabled();
    expect(await store.admin.shopConnection('shopify')).toMatchObject({ ok: false });
    expect(asked).toBe(0);
    expect(screen.queryByRole('region', { name: 'Shopify order webhooks' })).not.toBeInTheDocument();
  });
});
