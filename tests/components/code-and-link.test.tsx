// A funnel's discount code and tracking link on the creator page (copy, edit) and the shop URL
// in Settings › Integrations, as a member sees them.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamApi } from '../../lib/sync/team-api';
import { CreatorDetail } from '../../widgets/creator';
import { Integrations } from '../../widgets/integrations';
import { renderScreen } from '../helpers/render';

const section = () => screen.getByRole('region', { name: 'Code and link' });

describe('the creator page', () => {
  it('shows the code with Copy code, and says a local workspace has no tracking link', async () => {
    const user = userEvent.setup();
    await renderScreen(<CreatorDetail creatorId="CR12345" />);
    expect(await screen.findByRole('heading', { name: 'Code and link' })).toBeInTheDocument();
    expect(within(section()).getByText('SARAHJSTYLE')).toBeInTheDocument();
    expect(within(section()).getByText('Tracking links are served by the team server; this workspace has none.')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Copy code' }));
    expect(await screen.findByText('Code SARAHJSTYLE copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('SARAHJSTYLE');
  });

  it('with the team server, shows the tracking link naming the code and the workspace, and copies it', async () => {
    const user = userEvent.setup();
    // The creator page also reads the commission ledger's monthly sales from the server.
    const teamApi = { trackingLinks: async () => ({ ok: true, origin: 'https://cf.example.com', workspaceId: 'acme' }), resultsMonths: async () => ({ ok: true, months: [] }) } as unknown as TeamApi;
    await renderScreen(<CreatorDetail creatorId="CR12345" />, { teamApi });
    expect(await within(await screen.findByRole('region', { name: 'Code and link' })).findByText('https://cf.example.com/r/SARAHJSTYLE?w=acme')).toBeInTheDocument();
    await user.click(within(section()).getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Tracking link copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('https://cf.example.com/r/SARAHJSTYLE?w=acme');
  });

  it('edits the code: a taken one is refused with its reason and changes nothing; a free one is saved', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12345" />);
    await user.click(await within(await screen.findByRole('region', { name: 'Code and link' })).findByRole('button', { name: 'Edit code' }));
    const input = within(section()).getByRole('textbox', { name: 'Discount code' });
    await user.clear(input);
    await user.type(input, 'mikechentech');
    await user.click(within(section()).getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('The code mikechentech is already used by @mikechentech')).toBeInTheDocument();
    expect(store.funnels.items.get('CR12345')?.discountCode).toBe('SARAHJSTYLE');
    await user.clear(input);
    await user.type(input, 'Sarah10');
    await user.click(within(section()).getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('Discount code saved: Sarah10')).toBeInTheDocument();
    expect(within(section()).getByText('Sarah10')).toBeInTheDocument();
    expect(store.funnels.items.get('CR12345')?.discountCode).toBe('Sarah10');
  });
});

describe('Settings › Integrations', () => {
  it('takes the shop URL over https only', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Integrations connectDelayMs={0} />);
    const field = await screen.findByRole('textbox', { name: 'Shop URL' });
    await user.type(field, 'http://shop.example.com');
    await user.click(screen.getByRole('button', { name: 'Save shop URL' }));
    expect(await screen.findByText('Enter the shop’s address starting with https:// (for example https://shop.example.com)')).toBeInTheDocument();
    expect(store.admin.settings.value.value.shopUrl).toBeUndefined();
    await user.clear(field);
    await user.type(field, 'https://shop.example.com/');
    await user.click(screen.getByRole('button', { name: 'Save shop URL' }));
    expect(await screen.findByText('Shop URL saved')).toBeInTheDocument();
    expect(store.admin.settings.value.value.shopUrl).toBe('https://shop.example.com');
  });
});
