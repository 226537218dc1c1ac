// A browser two members share: a note one member left unsent (offline, then signed out) is
// theirs alone. The next member to sign in on that browser reads the server's note on the
// order, with Save Notes idle, and goes on reading it while the first member's change waits
// in the browser for them.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';
import { OWNER } from './team-server';

const { newPage, signIn, invite, accept } = useTeamServer();

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const notesOf = (page: Page) => page.getByRole('textbox', { name: 'Order notes' });

async function saveNotes(page: Page, text: string) {
  await notesOf(page).fill(text);
  await page.getByRole('button', { name: 'Save Notes' }).click();
}

describe('a shared browser', () => {
  it("shows the next member the server's note, never the unsent note of the member before", async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/team' });
    await owner.page.waitForURL(/\/team$/);
    const link = await invite(owner.page, 'blake@acme.test', 'Editor');
    await owner.page.getByRole('button', { name: 'Done' }).click();
    const blake = await accept(link, 'Blake Kim');

    // The server's note, saved by the owner.
    await owner.page.goto('/orders/ord_2');
    await saveNotes(owner.page, 'Server note: ring twice');
    await status(owner.page, 'All changes saved').waitFor();
    await owner.page.getByText('Notes saved successfully').first().waitFor();

    // Blake reads it, goes offline and saves a note of their own that cannot leave the browser.
    await blake.page.goto('/orders/ord_2');
    await expect.poll(() => notesOf(blake.page).inputValue(), { timeout: 30_000 }).toBe('Server note: ring twice');
    await blake.context.setOffline(true);
    await saveNotes(blake.page, "Blake's unsent note");
    await status(blake.page, 'Offline — 1 change will sync').waitFor();
    await blake.page.close();
    // Blake's session ends (its cookie is gone); the owner signs in on the same browser.
    await blake.context.clearCookies();
    await blake.context.setOffline(false);
    const shared = await blake.context.newPage();
    shared.on('pageerror', (error) => blake.errors.push(error.message));
    await signIn(shared, { path: '/orders/ord_2', email: OWNER.email, password: OWNER.password });
    await shared.waitForURL(/\/orders\/ord_2$/);
    await status(shared, 'All changes saved').waitFor();
    await expect.poll(() => notesOf(shared).inputValue(), { timeout: 30_000 }).toBe('Server note: ring twice');
    await expect(shared.getByRole('button', { name: 'Save Notes' }).isDisabled()).resolves.toBe(true);
    // A change of the owner's own still shows: the note follows the store, not a first draft.
    await saveNotes(shared, 'Owner note, second');
    await status(shared, 'All changes saved').waitFor();
    expect(await notesOf(shared).inputValue()).toBe('Owner note, second');
    expect(await shared.getByText("Blake's unsent note").count()).toBe(0);
    expect([...owner.errors, ...blake.errors]).toEqual([]);
  }, 180_000);
});
