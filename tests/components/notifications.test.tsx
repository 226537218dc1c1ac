import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { loadLanguage } from '../../lib/i18n';
import { Notifications } from '../../widgets/notifications';
import { LanguageProvider } from '../../widgets/ui/i18n';
import { FIXED_NOW, renderScreen } from '../helpers/render';

const titles = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('heading').map((h) => h.firstChild?.textContent);

describe('<Notifications>', () => {
  it('lists notifications newest first, with Back', async () => {
    const { visited } = await renderScreen(<Notifications />);
    await screen.findByRole('heading', { name: 'Notifications', level: 1 });
    expect(titles()).toEqual(['Brief delivered', 'Product shipped', 'Production started']);
    await userEvent.setup().click(screen.getByRole('button', { name: '← Back' }));
    expect(visited).toEqual(['/']);
  });

  it('filters by type and unread only, and says when nothing is left', async () => {
    const user = userEvent.setup();
    await renderScreen(<Notifications />);
    const type = await screen.findByRole('combobox', { name: 'Filter by type' });
    expect([...(type as HTMLSelectElement).options].map((o) => o.text)).toEqual(['All Types', 'Email', 'SMS', 'Slack']);
    await user.selectOptions(type, 'SMS');
    expect(titles()).toEqual(['Product shipped']);
    await user.selectOptions(type, 'Slack');
    await user.click(screen.getByRole('checkbox', { name: 'Show unread only' }));
    expect(screen.getByText('No notifications to display')).toBeInTheDocument();
  });

  it('marks one and then all as read', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Notifications />);
    await user.click(await screen.findByRole('button', { name: 'Mark read: Brief delivered' }));
    expect(store.notifications.items.get('nt_1')?.read).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(store.notifications.unreadCount.value).toBe(0);
    expect(screen.queryByText('Unread')).not.toBeInTheDocument();
  });

  it('dismiss removes it, offers Undo, and moves focus to the next notification', async () => {
    const user = userEvent.setup();
    const { store } = await renderScreen(<Notifications />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss: Product shipped' }));
    expect(titles()).toEqual(['Brief delivered', 'Production started']);
    expect(screen.getByRole('listitem', { name: 'Production started' })).toHaveFocus();
    const toast = (await screen.findAllByText('Notification dismissed'))[0].closest('[role="status"]') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    expect(titles()).toEqual(['Brief delivered', 'Product shipped', 'Production started']);
    expect(store.notifications.items.get('nt_2')).toMatchObject({ title: 'Product shipped', read: false });
  });

  it('after dismissing the last one, focus goes to the one before; with none left, to the empty list', async () => {
    const user = userEvent.setup();
    await renderScreen(<Notifications />);
    await user.click(await screen.findByRole('button', { name: 'Dismiss: Production started' }));
    expect(screen.getByRole('listitem', { name: 'Product shipped' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Dismiss: Product shipped' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss: Brief delivered' }));
    expect(screen.getByText('No notifications to display').closest('p')).toHaveFocus();
  });

  it('snooze hides it for the chosen hours and brings it back when the time passes', async () => {
    const user = userEvent.setup();
    let now = FIXED_NOW;
    const { store } = await renderScreen(<Notifications />, { now: () => now });
    await user.click(await screen.findByRole('button', { name: 'Snooze: Brief delivered' }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['1 hour', '4 hours', '8 hours', '24 hours']);
    await user.click(within(menu).getByRole('menuitem', { name: '4 hours' }));
    expect(await screen.findByText('Notification snoozed for 4 hours')).toBeInTheDocument();
    expect(titles()).toEqual(['Product shipped', 'Production started']);
    expect(screen.getByRole('listitem', { name: 'Product shipped' })).toHaveFocus();
    expect(store.notifications.unreadCount.value).toBe(1);
    now = new Date(FIXED_NOW.getTime() + 4 * 3_600_000);
    act(() => store.notifications.refresh());
    expect(titles()).toEqual(['Brief delivered', 'Product shipped', 'Production started']);
    expect(store.notifications.unreadCount.value).toBe(2);
  });

  it('a new notification appears at the top, unread', async () => {
    const { store } = await renderScreen(<Notifications />);
    await screen.findByRole('list', { name: 'Notifications' });
    act(() => {
      store.notifications.add('email', 'Outreach sent', 'Message sent to @alexcooks');
    });
    expect(titles()[0]).toBe('Outreach sent');
  });

  it('a Viewer sees the actions disabled with the reason', async () => {
    const { store } = await renderScreen(<Notifications />);
    act(() => store.session.signIn('tm_3'));
    const dismiss = await screen.findByRole('button', { name: 'Dismiss: Brief delivered' });
    expect(dismiss).toBeDisabled();
    expect(dismiss).toHaveAttribute('title', 'Your role cannot make changes in this workspace');
  });
  it('says why a disabled control is disabled in the screen’s language', async () => {
    await loadLanguage('es');
    const { store } = await renderScreen(
      <LanguageProvider lang="es">
        <Notifications />
      </LanguageProvider>,
    );
    store.session.signIn('tm_3');
    const markAll = await screen.findByRole('button', { name: 'Marcar todo como leído' });
    expect(markAll).toBeDisabled();
    expect(markAll).toHaveAttribute('title', 'Tu rol no permite hacer cambios en este espacio de trabajo');
  });
});
