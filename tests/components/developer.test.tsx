import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Developer } from '../../widgets/developer';
import { renderScreen } from '../helpers/render';

describe('<Developer>', () => {
  it('documents the endpoints with parameters and response examples, and searches them', async () => {
    const user = userEvent.setup();
    await renderScreen(<Developer />);
    const get = await screen.findByRole('article', { name: 'GET /api/v1/creators' });
    expect(within(get).getByRole('table', { name: 'Parameters of GET /api/v1/creators' })).toHaveTextContent('limit');
    expect(within(get).getByLabelText('Response example of GET /api/v1/creators')).toHaveTextContent('"total": 2');
    const post = screen.getByRole('article', { name: 'POST /api/v1/funnels' });
    expect(within(post).getByRole('heading', { name: 'Response 201 Created' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search endpoints' }), 'funnels');
    expect(screen.queryByRole('article', { name: 'GET /api/v1/creators' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'POST /api/v1/funnels' })).toBeInTheDocument();
  });

  it('copies the shown sample key to the clipboard; the workspace holds no key', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Developer />);
    await user.click(await screen.findByRole('button', { name: 'Show' }));
    const shown = screen.getByLabelText('API key').textContent ?? '';
    expect(shown).toMatch(/^sk_test_[0-9a-f]{48}$/);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(shown);
    expect((await screen.findAllByText('API key copied to clipboard')).length).toBeGreaterThan(0);
    expect(JSON.stringify(store.admin.developer.value.value)).not.toContain(shown);
  });

  it('regenerates the key only after the confirmation', async () => {
    const user = userEvent.setup();
    await renderScreen(<Developer />);
    await user.click(await screen.findByRole('button', { name: 'Show' }));
    const before = screen.getByLabelText('API key').textContent;
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate API key?' })).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('API key')).toHaveTextContent(before ?? '');
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Regenerate API key?' })).getByRole('button', { name: 'Regenerate key' }));
    const after = screen.getByLabelText('API key').textContent ?? '';
    expect(after).not.toBe(before);
    expect(after).toMatch(/^sk_test_/);
    expect((await screen.findAllByText('API key regenerated successfully')).length).toBeGreaterThan(0);
  });

  it('saves webhook settings (https only) and shows an event payload as JSON', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Developer />);
    await user.click(await screen.findByRole('tab', { name: 'Webhooks' }));
    expect(screen.getAllByRole('checkbox').map((c) => c.parentElement?.textContent)).toEqual(['funnel.status.updated', 'creator.onboarded', 'order.created', 'order.status.updated', 'order.attributed', 'inventory.low_stock']);
    await user.type(screen.getByLabelText('Endpoint URL'), 'http://insecure.example');
    await user.click(screen.getByRole('button', { name: 'Save Webhook Settings' }));
    expect(screen.getByLabelText('Endpoint URL')).toHaveAccessibleDescription('Endpoint URL must start with https://');
    await user.clear(screen.getByLabelText('Endpoint URL'));
    await user.type(screen.getByLabelText('Endpoint URL'), 'https://hooks.example/cf');
    await user.click(screen.getByRole('checkbox', { name: 'order.created' }));
    await user.click(screen.getByRole('button', { name: 'Save Webhook Settings' }));
    expect(store.admin.developer.value.value).toMatchObject({ endpointUrl: 'https://hooks.example/cf', events: ['funnel.status.updated', 'creator.onboarded', 'order.created'] });
    await user.click(screen.getByRole('button', { name: 'View payload of creator.onboarded evt_2' }));
    const dialog = screen.getByRole('dialog', { name: 'Payload of creator.onboarded' });
    const json = JSON.parse(within(dialog).getByLabelText('Payload JSON').textContent ?? '');
    expect(json).toMatchObject({ id: 'evt_2', type: 'creator.onboarded', data: { creatorId: 'CR12350' } });
  });

  it('shows the client, curl and a webhook receiver with this server\'s address, placeholders for secrets, and copies each', async () => {
    const user = userEvent.setup();
    await renderScreen(<Developer />);
    await user.click(await screen.findByRole('tab', { name: 'SDK Examples' }));
    const client = screen.getByRole('region', { name: 'TypeScript client (creatorflow/client) example' });
    const curl = screen.getByRole('region', { name: 'cURL example' });
    const receiver = screen.getByRole('region', { name: 'Webhook receiver (verifies signatures) example' });
    expect(client.querySelector('pre > code')).toHaveTextContent("from 'creatorflow/client'");
    expect(curl.querySelector('pre > code')).toHaveTextContent(`BASE="\${CREATORFLOW_URL:-${location.origin}}"`);
    expect(receiver.querySelector('pre > code')).toHaveTextContent('webhook.verify(body');
    for (const region of [client, curl, receiver]) {
      expect(region).not.toHaveTextContent('localhost:4173');
      expect(region.textContent).not.toMatch(/sk_test_[0-9a-f]{8}|whsec_[A-Za-z0-9+/]{8}/);
    }
    expect(client).toHaveTextContent(location.origin);
    await user.click(within(curl).getByRole('button', { name: 'Copy cURL' }));
    expect(await navigator.clipboard.readText()).toBe(curl.querySelector('code')!.textContent);
    expect(within(curl).getByRole('button', { name: 'Copy cURL' })).toHaveTextContent('Copied');
  });
});
