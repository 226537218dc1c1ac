import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Integrations } from '../../widgets/integrations';
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
});
