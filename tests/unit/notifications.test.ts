import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dismiss,
  isSnoozed,
  markAllRead,
  markRead,
  nextWake,
  snooze,
  unreadCount,
  visibleNotifications,
} from '../../lib/domain/notifications';
import type { AppNotification } from '../../lib/domain/types';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createStore } from '../../lib/store/createStore';
import { sampleNotifications } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000);
const list = sampleNotifications(now); // nt_1 email unread, nt_2 sms unread, nt_3 slack read

describe('visibleNotifications (spec §2, §4)', () => {
  it('shows newest first', () => {
    expect(visibleNotifications([...list].reverse(), {}, now).map((n) => n.id)).toEqual(['nt_1', 'nt_2', 'nt_3']);
  });
  it('filters by type and unread only', () => {
    expect(visibleNotifications(list, { type: 'sms' }, now).map((n) => n.id)).toEqual(['nt_2']);
    expect(visibleNotifications(list, { type: 'slack', unreadOnly: true }, now)).toEqual([]);
    expect(visibleNotifications(list, { unreadOnly: true }, now).map((n) => n.id)).toEqual(['nt_1', 'nt_2']);
  });
  it('hides a snoozed notification until the time passes, then shows it again', () => {
    const snoozed = snooze(list[0], 4, now);
    expect(snoozed).toMatchObject({ ok: true, message: 'Notification snoozed for 4 hours' });
    const next = snoozed.ok ? [snoozed.value, ...list.slice(1)] : list;
    expect(visibleNotifications(next, {}, hours(3.99)).map((n) => n.id)).not.toContain('nt_1');
    expect(visibleNotifications(next, {}, hours(4)).map((n) => n.id)).toContain('nt_1');
    expect(nextWake(next, now)).toEqual(hours(4));
    expect(nextWake(next, hours(4))).toBeNull();
  });
  it('snoozes only for 1, 4, 8 or 24 hours', () => {
    expect(snooze(list[0], 2, now).ok).toBe(false);
    for (const h of [1, 4, 8, 24]) expect(snooze(list[0], h, now)).toMatchObject({ ok: true, message: `Notification snoozed for ${h} hours` });
  });
  it('property: a notification is visible exactly when it is not snoozed at that time', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 4, 8, 24), fc.integer({ min: 0, max: 48 * 60 }), (h, minutesLater) => {
        const result = snooze(list[0], h, now);
        if (!result.ok) throw new Error(result.error);
        const at = new Date(now.getTime() + minutesLater * 60_000);
        const visible = visibleNotifications([result.value], {}, at).length === 1;
        expect(visible).toBe(minutesLater >= h * 60);
        expect(isSnoozed(result.value, at)).toBe(!visible);
      }),
    );
  });
});

describe('read state and dismiss', () => {
  it('counts unread that are not snoozed', () => {
    expect(unreadCount(list, now)).toBe(2);
    const snoozed: AppNotification = { ...list[0], snoozedUntil: hours(1).toISOString() };
    expect(unreadCount([snoozed, ...list.slice(1)], now)).toBe(1);
    expect(unreadCount([snoozed, ...list.slice(1)], hours(1))).toBe(2);
  });
  it('mark read, mark all as read and dismiss', () => {
    expect(markRead(list[0]).read).toBe(true);
    expect(markAllRead(list).map((n) => n.id)).toEqual(['nt_1', 'nt_2']);
    expect(dismiss(list, 'nt_2').map((n) => n.id)).toEqual(['nt_1', 'nt_3']);
  });
});

describe('notification store actions', () => {
  it('snooze hides it from the badge until the clock passes, and logs each write', async () => {
    let clock = now;
    const store = createStore({ storage: createMemoryStorage(), now: () => clock });
    await store.loaded;
    expect(store.notifications.unreadCount.value).toBe(2);
    expect(store.notifications.snooze('nt_1', 1)).toMatchObject({ ok: true, message: 'Notification snoozed for 1 hours' });
    expect(store.notifications.unreadCount.value).toBe(1);
    clock = hours(1);
    store.notifications.refresh();
    expect(store.notifications.unreadCount.value).toBe(2);
    store.notifications.markAllRead();
    expect(store.notifications.unreadCount.value).toBe(0);
    store.notifications.dismiss('nt_3');
    expect(store.notifications.items.items.value.map((n) => n.id)).toEqual(['nt_1', 'nt_2']);
    const log = store.admin.activity.items.value.filter((a) => a.actionType === 'notification').map((a) => a.action);
    expect(log.slice(0, 3)).toEqual(['Notification dismissed', 'All notifications marked as read', 'Notification snoozed']);
  });
  it('new notifications arrive at the top, unread, and the badge follows', async () => {
    const store = createStore({ storage: createMemoryStorage(), now: () => now });
    await store.loaded;
    store.notifications.add('slack', 'New', 'Hello');
    expect(store.notifications.items.items.value[0]).toMatchObject({ title: 'New', read: false });
    expect(store.notifications.unreadCount.value).toBe(3);
  });
  it('a Viewer cannot change notifications', async () => {
    const store = createStore({ storage: createMemoryStorage(), now: () => now });
    await store.loaded;
    store.session.signIn('tm_3');
    expect(store.notifications.markRead('nt_1')).toMatchObject({ ok: false, error: 'Your role cannot make changes in this workspace' });
    expect(store.notifications.items.get('nt_1')?.read).toBe(false);
  });
});
