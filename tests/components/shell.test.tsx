import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NotFound, Maintenance, Privacy, Terms } from '../../host/pages';
import { Shell } from '../../host/Shell';
import { BackButton } from '../../widgets/ui/BackButton';
import { useUnsavedChanges } from '../../widgets/ui/unsavedChanges';
import { StoreProvider } from '../../widgets/ui/store-context';
import { makeStore, renderScreen } from '../helpers/render';

function Page({ title }: { title: string }) {
  return <h1>{title}</h1>;
}

/** A form with unsaved edits. */
function DirtyForm() {
  return <>{useUnsavedChanges(true)}</>;
}

async function renderShell(path = '/') {
  const store = await makeStore();
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          { path: '/', element: <Page title="Funnel Dashboard" /> },
          { path: '/profile', element: <BackButton /> },
          { path: '/form', element: <DirtyForm /> },
          { path: '*', element: <Page title="Somewhere" /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StoreProvider store={store}>
      <RouterProvider router={router} />
    </StoreProvider>,
  );
  return { store, router, user: userEvent.setup() };
}

describe('<Shell>', () => {
  it('with unsaved changes on the page, a sidebar link asks first', async () => {
    const { router, user } = await renderShell('/form');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Orders' }));
    expect(router.state.location.pathname).toBe('/form');
    await user.click(within(screen.getByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('Back returns to the previous page of the app, and to the dashboard on a page opened directly', async () => {
    const { router, user } = await renderShell('/profile');
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(router.state.location.pathname).toBe('/');
    await act(() => router.navigate('/orders'));
    await act(() => router.navigate('/profile'));
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('names the tab like the page headings: Orders · Creatorflow', async () => {
    const { router } = await renderShell('/');
    expect(document.title).toBe('Creatorflow');
    await act(() => router.navigate('/orders'));
    expect(document.title).toBe('Orders · Creatorflow');
    await act(() => router.navigate('/help'));
    expect(document.title).toBe('Help · Creatorflow');
  });

  it('highlights exactly the current path in the sidebar', async () => {
    const { router, user } = await renderShell('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const labels = within(nav).getAllByRole('link').map((a) => a.textContent);
    // The spec's sidebar, in order; screens added later list their links after it.
    expect(labels.slice(0, 7)).toEqual(['Dashboard', 'Funnel Dashboard', 'Orders', 'Inventory', 'Analytics', 'Help Center', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(nav).getByRole('link', { name: 'Funnel Dashboard' }));
    expect(router.state.location.pathname).toBe('/funnel');
    expect(within(nav).getByRole('link', { name: 'Funnel Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    await act(() => router.navigate('/funnel/CR12345'));
    expect(within(nav).queryAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page')).toEqual([]);
  });

  it('shows the unread count on the notifications link only above 0, live', async () => {
    const { store } = await renderShell('/');
    const unread = store.notifications.unreadCount.value;
    expect(unread).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: `Notifications, ${unread} unread` })).toHaveAttribute('href', '/notifications');
    act(() => {
      for (const n of store.notifications.items.items.value) store.notifications.items.put({ ...n, read: true });
    });
    const link = screen.getByRole('link', { name: 'Notifications' });
    expect(link.textContent).toBe('');
  });

  it('the user menu shows the profile name and goes to Profile, Settings and Submit Feedback', async () => {
    const { router, user } = await renderShell('/');
    const trigger = screen.getByRole('button', { name: 'Alex Morgan' });
    expect(trigger).toHaveTextContent('AMAlex Morgan');
    await user.click(trigger);
    expect(screen.getAllByRole('menuitem').map((m) => m.textContent)).toEqual(['Profile', 'Settings', 'Submit Feedback', 'Logout']);
    await user.click(screen.getByRole('menuitem', { name: 'Submit Feedback' }));
    expect(router.state.location.pathname).toBe('/help');
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('Logout ends the session and shows the signed-out screen; Sign in comes back', async () => {
    const { store, user } = await renderShell('/');
    await user.click(screen.getByRole('button', { name: 'Alex Morgan' }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(store.session.signedIn.value).toBe(false);
    expect(screen.getByRole('heading', { name: 'You are signed out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.session.signedIn.value).toBe(true);
    expect(screen.getByRole('heading', { name: 'Funnel Dashboard' })).toBeInTheDocument();
  });

  it('the breadcrumb names the record of a detail route, never its id', async () => {
    const { store } = await renderShell('/inventory/inv_5');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('Bluetooth Speaker')).toHaveAttribute('aria-current', 'page');
    expect(within(crumbs).queryByText(/inv_5/i)).not.toBeInTheDocument();
    expect(document.title).toBe('Bluetooth Speaker · Creatorflow');
    // Deleted: the crumb says what the page is about, still not the id.
    act(() => void store.inventory.deleteItem('inv_5'));
    expect(within(crumbs).getByText('Item')).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['/orders/ord_1', 'ORD-1001', /ord_1/],
    ['/creator/CR12345/brief', 'Sarah Johnson', /CR12345/],
    ['/funnel/CR12345', 'Sarah Johnson', /CR12345/],
  ])('the breadcrumb of %s names its record', async (path, name, id) => {
    await renderShell(path);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText(name)).toBeInTheDocument();
    expect(within(crumbs).queryByText(id)).not.toBeInTheDocument();
  });

  it('has a skip link, a breadcrumb and a sidebar toggle for narrow screens', async () => {
    const { user } = await renderShell('/team-settings');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#cf-main');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByText('team settings')).toHaveAttribute('aria-current', 'page');
    const toggle = screen.getByRole('button', { name: 'Main menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('static pages', () => {
  it('404: its search goes to /?search=, with Go Back and Back to Dashboard', async () => {
    const user = userEvent.setup();
    const { visited } = await renderScreen(<NotFound />);
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search creators and funnels' }), 'Emma Davis{Enter}');
    expect(visited).toEqual(['/?search=Emma%20Davis']);
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Dashboard' }));
    expect(visited).toEqual(['/?search=Emma%20Davis', '/']);
  });

  it('Maintenance: 15 minutes, a progress bar at 60 percent, support and status links on our own routes', async () => {
    await renderScreen(<Maintenance />);
    expect(await screen.findByText('Estimated time: 15 minutes')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Maintenance progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '60');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Check the status page' })).toHaveAttribute('href', '/support#status');
  });

  it('legal pages: last updated March 15, 2024, a Back button, and the privacy sections', async () => {
    await renderScreen(<Terms />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: March 15, 2024')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });

  it('privacy policy covers the spec sections, children under 13 included', async () => {
    await renderScreen(<Privacy />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated: March 15, 2024')).toBeInTheDocument();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual([
      'Information We Collect',
      'How We Use Your Information',
      'Information Sharing',
      'Data Security',
      'Your Rights',
      'Cookies',
      "Children's Privacy",
      'International Data Transfers',
      'Contact Us',
    ]);
    expect(screen.getByText(/not directed to children under 13/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
  });
});
