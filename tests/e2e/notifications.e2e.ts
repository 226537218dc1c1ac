import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

describe('notifications in the host app', () => {
  it('snooze hides a notification until the time passes, then it comes back without a reload', async () => {
    const context = await b.newContext();
    await context.clock.install();
    const { page, problems } = await b.open('/notifications', context);
    const item = page.getByRole('listitem', { name: 'Brief delivered' });
    await item.waitFor();
    await page.getByRole('button', { name: 'Snooze: Brief delivered' }).click();
    await page.getByRole('menuitem', { name: '1 hour' }).click();
    await page.getByText('Notification snoozed for 1 hours').waitFor();
    await item.waitFor({ state: 'detached' });
    await page.getByText('1 snoozed notification is hidden until the snooze ends').waitFor();

    await page.clock.fastForward('30:00');
    expect(await item.count()).toBe(0);
    await page.clock.fastForward('31:00');
    await item.waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('filters, marks all as read, and keeps a snooze and dismissals after a reload', async () => {
    const { page, problems } = await b.open('/notifications');
    const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await page.getByRole('listitem', { name: 'Product shipped' }).waitFor();
    await page.getByLabel('Filter by type').selectOption('Slack');
    expect(await items.count()).toBe(1);
    await page.getByLabel('Show unread only').check();
    await page.getByText('No notifications to display').waitFor();
    await page.getByLabel('Filter by type').selectOption('All Types');
    await page.getByLabel('Show unread only').uncheck();

    await page.getByRole('button', { name: 'Dismiss: Production started' }).click();
    await page.getByRole('button', { name: 'Snooze: Product shipped' }).click();
    await page.getByRole('menuitem', { name: '24 hours' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.reload();
    await page.getByRole('listitem', { name: 'Brief delivered' }).waitFor();
    expect(await items.count()).toBe(1);
    expect(await page.getByText('Unread', { exact: true }).count()).toBe(0);
    expect(problems.errors).toEqual([]);
  });
});
