// The Developer area with a team server: real keys (the secret shown once), regenerate and
// revoke after a confirmation, the API Reference from the server's OpenAPI document, webhook
// endpoints and Recent events with their payloads, and a note for members who are not Admins.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureDeveloperClient, DeveloperRequestError, type ApiKeyInfo, type DeveloperClient, type WebhookDeliveryInfo, type WebhookEndpointInfo } from '../../lib/developer/client';
import { API_ROUTES } from '../../server/api/v1';
import { openApiDocument } from '../../server/api/openapi';
import { Developer } from '../../widgets/developer';
import { renderScreen } from '../helpers/render';
import { ENDPOINT_DISABLED_REASON } from '../../lib/domain/webhooks';
import { loadLanguage } from '../../lib/i18n';
import { LanguageProvider } from '../../widgets/ui/i18n';

const SECRET = `sk_test_${'ab'.repeat(23)}9f3c`;

function fakeServer() {
  const keys: ApiKeyInfo[] = [];
  const endpoints: WebhookEndpointInfo[] = [{ id: 'we_1', url: 'http://127.0.0.1:9999/hooks', events: ['funnel.status.updated'], createdAt: '2026-03-10T11:00:00.000Z', disabledAt: null, disabledReason: null }];
  const deliveries: WebhookDeliveryInfo[] = [
    {
      id: 'msg_1',
      endpointId: 'we_1',
      type: 'funnel.status.updated',
      status: 'delivered',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
      createdAt: '2026-03-10T11:30:00.000Z',
      deliveredAt: '2026-03-10T11:30:05.000Z',
      payload: { id: 'msg_1', type: 'funnel.status.updated', data: { funnel: { id: 'CR12349', status: 'Production' } } },
    },
  ];
  const key = (id: string, lastFour: string): ApiKeyInfo => ({ id, name: 'CRM sync', role: 'Editor', lastFour, allowedOrigins: [], createdBy: 'Alex Morgan', createdAt: '2026-03-10T11:00:00.000Z', lastUsedAt: null, revokedAt: null });
  const client: DeveloperClient = {
    keys: vi.fn(async () => [...keys]),
    createKey: vi.fn(async () => {
      keys.push(key('key_1', SECRET.slice(-4)));
      return { key: keys[0], secret: SECRET };
    }),
    regenerateKey: vi.fn(async (id: string) => {
      keys[0] = key(id, 'beef');
      return { key: keys[0], secret: `sk_test_${'cd'.repeat(22)}beef` };
    }),
    revokeKey: vi.fn(async () => {
      keys[0] = { ...keys[0], revokedAt: '2026-03-10T12:00:00.000Z' };
      return keys[0];
    }),
    webhooks: vi.fn(async () => ({ endpoints: [...endpoints], deliveries: [...deliveries] })),
    addEndpoint: vi.fn(async () => ({ endpoint: endpoints[0], secret: 'whsec_abc' })),
    updateEndpoint: vi.fn(async () => endpoints[0]),
    endpointSecret: vi.fn(async () => 'whsec_abc'),
    removeEndpoint: vi.fn(async () => {}),
    sendTestEvent: vi.fn(async () => {}),
    openApi: vi.fn(async () => openApiDocument(API_ROUTES)),
  };
  return client;
}

afterEach(() => configureDeveloperClient(null));

describe('<Developer> with a team server', () => {
  it('creates a key, shows its secret once, and lists it by its last four characters', async () => {
    const user = userEvent.setup();
    const client = fakeServer();
    configureDeveloperClient(client);
    await renderScreen(<Developer />);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Sample data/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'CRM sync');
    await user.selectOptions(screen.getByLabelText('Role'), 'Editor');
    await user.click(screen.getByRole('button', { name: 'Create API Key' }));
    expect(client.createKey).toHaveBeenCalledWith({ name: 'CRM sync', role: 'Editor' });
    const dialog = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(dialog).getByText(/shown only once/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('API key')).toHaveTextContent(SECRET);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    await user.keyboard('{Escape}');
    const table = await screen.findByRole('table', { name: 'API Keys' });
    expect(table).toHaveTextContent('sk_test_••••9f3c');
    expect(table).not.toHaveTextContent(SECRET);
  });

  it('regenerates and revokes only after a confirmation', async () => {
    const user = userEvent.setup();
    const client = fakeServer();
    await client.createKey({ name: 'CRM sync', role: 'Editor' });
    configureDeveloperClient(client);
    await renderScreen(<Developer />);
    await user.click(await screen.findByRole('button', { name: 'Regenerate key ending in 9f3c' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate API key?' })).getByRole('button', { name: 'Cancel' }));
    expect(client.regenerateKey).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Regenerate key ending in 9f3c' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate API key?' })).getByRole('button', { name: 'Regenerate key' }));
    const regenerated = await screen.findByRole('dialog', { name: 'Your regenerated API key' });
    expect(within(regenerated).getByLabelText('API key').textContent).toMatch(/^sk_test_[0-9a-f]{44}beef$/);
    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Revoke key ending in beef' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Revoke API key?' })).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'API Keys' })).toHaveTextContent('Revoked'));
    expect(client.revokeKey).toHaveBeenCalledWith('key_1');
  });

  it('documents every route of the OpenAPI document, searchable', async () => {
    const user = userEvent.setup();
    configureDeveloperClient(fakeServer());
    await renderScreen(<Developer />);
    const patch = await screen.findByRole('article', { name: 'PATCH /api/v1/orders/{id}' });
    expect(within(patch).getByRole('table', { name: 'Parameters of PATCH /api/v1/orders/{id}' })).toHaveTextContent('status');
    const post = screen.getByRole('article', { name: 'POST /api/v1/funnels' });
    expect(within(post).getByRole('heading', { name: 'Response 201 Created' })).toBeInTheDocument();
    expect(within(post).getByRole('table', { name: 'Parameters of POST /api/v1/funnels' })).toHaveTextContent('Idempotency-Key');
    // One article per operation of the document the server serves.
    const operations = Object.entries(openApiDocument(API_ROUTES).paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(10);
    expect(screen.getAllByRole('article')).toHaveLength(operations.length);
    await user.type(screen.getByRole('searchbox', { name: 'Search endpoints' }), 'inventory/');
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['GET /api/v1/inventory/{sku}', 'PATCH /api/v1/inventory/{sku}']);
  });

  it('lists endpoints and real deliveries, shows a payload and sends a test event', async () => {
    const user = userEvent.setup();
    const client = fakeServer();
    configureDeveloperClient(client);
    await renderScreen(<Developer />);
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const events = await screen.findByRole('table', { name: 'Recent events' });
    expect(events).toHaveTextContent('funnel.status.updated');
    expect(events).toHaveTextContent('delivered');
    await user.click(within(events).getByRole('button', { name: 'View payload of funnel.status.updated msg_1' }));
    const payload = JSON.parse(within(screen.getByRole('dialog', { name: 'Payload of funnel.status.updated' })).getByLabelText('Payload JSON').textContent ?? '');
    expect(payload).toMatchObject({ id: 'msg_1', data: { funnel: { status: 'Production' } } });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Send test event to http://127.0.0.1:9999/hooks' }));
    expect(client.sendTestEvent).toHaveBeenCalledWith('we_1');
    expect((await screen.findAllByText('Test event sent')).length).toBeGreaterThan(0);
  });

  it('says the reason the server disabled an endpoint in French, and a reason it does not know as stored', async () => {
    await loadLanguage('fr');
    const user = userEvent.setup();
    const client = fakeServer();
    const disabled = (id: string, url: string, disabledReason: string): WebhookEndpointInfo => ({
      id,
      url,
      events: ['funnel.status.updated'],
      createdAt: '2026-03-10T11:00:00.000Z',
      disabledAt: '2026-03-11T11:00:00.000Z',
      disabledReason,
    });
    client.webhooks = vi.fn(async () => ({
      endpoints: [disabled('we_1', 'https://hooks.brand.example/a', ENDPOINT_DISABLED_REASON), disabled('we_2', 'https://hooks.brand.example/b', 'Paused by the partner')],
      deliveries: [],
    }));
    configureDeveloperClient(client);
    await renderScreen(
      <LanguageProvider lang="fr">
        <Developer />
      </LanguageProvider>,
    );
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    const first = (await screen.findByText('https://hooks.brand.example/a')).closest('li')!;
    expect(within(first).getByText('Désactivé : toutes les tentatives de livraison ont échoué pendant une journée')).toBeInTheDocument();
    expect(within(first).queryByText(ENDPOINT_DISABLED_REASON)).not.toBeInTheDocument();
    const second = screen.getByText('https://hooks.brand.example/b').closest('li')!;
    expect(within(second).getByText('Paused by the partner')).toBeInTheDocument();
  });

  it('tells a member who is not an Admin why keys and webhooks are not shown', async () => {
    const client = fakeServer();
    client.keys = vi.fn(async () => {
      throw new DeveloperRequestError(403, 'Only Admins can manage API keys and webhooks');
    });
    configureDeveloperClient(client);
    await renderScreen(<Developer />);
    expect(await screen.findByRole('note')).toHaveTextContent('Only Admins can manage API keys and webhooks');
    expect(screen.queryByRole('button', { name: 'Create API Key' })).not.toBeInTheDocument();
  });

  it('labels the sample key and events when there is no team server', async () => {
    await renderScreen(<Developer />);
    expect(await screen.findByText(/Sample data: this key and these events are examples/)).toBeInTheDocument();
  });
});
