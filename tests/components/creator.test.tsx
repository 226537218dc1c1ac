import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreatorDetail, CreativeBrief, ShipmentTracking, ShippingLabel } from '../../widgets/creator';
import { renderScreen } from '../helpers/render';

describe('<CreatorDetail>', () => {
  it('says Creator not found, with Back to Dashboard, for an unknown id', async () => {
    await renderScreen(<CreatorDetail creatorId="CR00000" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Creator not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
  });

  it('shows the creator, four stat cards, Quick Actions and Last updated', async () => {
    await renderScreen(<CreatorDetail creatorId="CR12345" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sarah Johnson' })).toBeInTheDocument();
    const stats = screen.getByRole('region', { name: 'Creator stats' });
    expect(within(stats).getByText('Start Date').nextElementSibling).toHaveTextContent('Jan 29, 2026');
    expect(within(stats).getByText('Days Left').nextElementSibling).toHaveTextContent('20');
    expect(within(stats).getByText('Value').nextElementSibling).toHaveTextContent('$4,500.00');
    expect(within(stats).getByText('Engagement').nextElementSibling).toHaveTextContent('6.8%');
    expect(screen.getByRole('button', { name: 'Send Outreach' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Generate Label' })).toHaveAttribute('href', '/creator/CR12345/shipment/label');
    expect(screen.getByRole('link', { name: 'Send Brief' })).toHaveAttribute('href', '/creator/CR12345/brief');
    expect(screen.getByText(/^Last updated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Creator Agreement' })).toBeInTheDocument();
    for (const s of ['Agreement Details', 'Compensation', 'Timeline & Deadlines', 'Creator Information', 'Terms & Conditions'])
      expect(screen.getByRole('heading', { name: s })).toBeInTheDocument();
  });

  it('opens the step named by ?step=, and clicking another step opens it instead', async () => {
    const user = userEvent.setup();
    await renderScreen(<CreatorDetail creatorId="CR12345" step="Product Shipment" />);
    expect(await screen.findByRole('button', { name: /^Product Shipment/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Product is packed and shipped to the creator.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Final Deliverables/ }));
    expect(screen.getByRole('button', { name: /^Product Shipment/ })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Final content is delivered and approved.')).toBeInTheDocument();
  });

  it('does not show the agreement before Contract, and records outreach in the history without changing the status', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<CreatorDetail creatorId="CR12348" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alex Rivera' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Creator Agreement' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Outreach' }));
    const dialog = screen.getByRole('dialog', { name: 'Send Outreach' });
    await user.type(within(dialog).getByPlaceholderText('Write your message here...'), 'Welcome aboard');
    await user.click(within(dialog).getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Welcome aboard')).toBeInTheDocument();
    expect(screen.getByLabelText('Status: Brief')).toBeInTheDocument();
    expect(store.funnels.items.get('CR12348')?.status).toBe('Brief');
  });
});

describe('creator subpages', () => {
  it('Shipping Label Generator makes a printable label', async () => {
    const user = userEvent.setup();
    await renderScreen(<ShippingLabel creatorId="CR12345" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipping Label Generator' })).toBeInTheDocument();
    expect(screen.getByText('123 Creator Lane', { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate Label' }));
    expect(screen.getByRole('article', { name: 'Shipping label' })).toHaveTextContent('Sarah Johnson');
    expect(screen.getByRole('button', { name: 'Print Label' })).toBeInTheDocument();
  });

  it('Shipment Tracking shows Package shipped and Share Tracking', async () => {
    await renderScreen(<ShipmentTracking creatorId="CR12347" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Shipment Tracking' })).toBeInTheDocument();
    expect(screen.getByText('Package shipped')).toBeInTheDocument();
    expect(screen.getByText('1Z999AA10123456784')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share Tracking' })).toBeInTheDocument();
  });

  it('Creative Brief has its four sections and Send Brief advances the funnel', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<CreativeBrief creatorId="CR12346" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Creative Brief' })).toBeInTheDocument();
    for (const s of ['Project Overview', 'Content Requirements', 'Brand Guidelines', 'Technical Specifications'])
      expect(screen.getByRole('heading', { name: s })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Brief' }));
    expect(store.funnels.items.get('CR12346')?.status).toBe('Contract');
    expect(await screen.findByText('Mike Chen moved to Contract')).toBeInTheDocument();
  });

  it('an unknown id shows Creator not found on the subpages too', async () => {
    await renderScreen(<CreativeBrief creatorId="nope" />);
    expect(await screen.findByText('Creator not found')).toBeInTheDocument();
  });
});
