import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from '../../host/Breadcrumb';
import { renderScreen } from '../helpers/render';

describe('<Breadcrumb>', () => {
  it('starts at Dashboard, one crumb per segment with hyphens as spaces, links all but the last; a record by its name', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<Breadcrumb pathname="/creator/CR12345/shipment/label" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Dashboard', 'creator', 'Sarah Johnson', 'shipment', 'label']);
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/', '/creator', '/creator/CR12345', '/creator/CR12345/shipment']);
    const current = within(items[4]).getByText('label');
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'label' })).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Sarah Johnson' }));
    expect(visited).toEqual(['/creator/CR12345']);
  });

  it('turns hyphens into spaces', async () => {
    await renderScreen(<Breadcrumb pathname="/docs/getting-started-guide" />);
    expect(screen.getByText('getting started guide')).toHaveAttribute('aria-current', 'page');
  });

  it('on the dashboard, Dashboard is the current page', async () => {
    await renderScreen(<Breadcrumb pathname="/" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).queryByRole('link')).not.toBeInTheDocument();
    expect(within(nav).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  it('on /dashboard reads Dashboard once, as the current page', async () => {
    await renderScreen(<Breadcrumb pathname="/dashboard" />);
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dashboard']);
    expect(within(nav).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
  });
});
