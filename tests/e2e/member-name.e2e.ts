// No stranger's name in the top bar: from the first paint after signing in, and after a full
// load, the user menu shows the signed-in member's own name or a neutral placeholder, never the
// sample owner's or another member's. Every change to the top bar is recorded from before the
// page's own scripts run (a MutationObserver installed with addInitScript).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';
import { OWNER } from './team-server';

const MEMBER = { name: 'Lucía Romero', email: 'lucia@acme.test', password: 'a long enough password' };

declare global {
  interface Window {
    __topBar?: { menu: string[]; bar: string[] };
  }
}

/** Records every text the user menu button and the top bar take, from the page's first node on. */
function recordTopBar() {
  const seen = { menu: [] as string[], bar: [] as string[] };
  window.__topBar = seen;
  const note = () => {
    const menu = document.querySelector('.cf-user-menu > button')?.textContent;
    const bar = document.querySelector('.cf-topbar')?.textContent;
    if (menu != null && seen.menu.at(-1) !== menu) seen.menu.push(menu);
    if (bar != null && seen.bar.at(-1) !== bar) seen.bar.push(bar);
  };
  new MutationObserver(note).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
}

/**
 * What the top bar read from the page's first node until the member's name shows, the workspace
 * has synced and the page is at least 500 ms old (its clock starts with the navigation).
 */
async function recorded(page: Page) {
  await page.locator('.cf-user-menu').getByRole('button', { name: MEMBER.name }).waitFor();
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  await page.waitForFunction(() => performance.now() >= 500);
  return page.evaluate(() => window.__topBar!);
}

describe('the top bar never shows another member’s name', () => {
  const server = useTeamServer();

  beforeAll(async () => {
    const { page } = await server.newPage();
    await server.signIn(page);
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    const link = await server.invite(page, MEMBER.email, 'Editor');
    const member = await server.newPage();
    await member.page.goto(link);
    await member.page.getByLabel('Full Name').fill(MEMBER.name);
    await member.page.getByLabel('Password').fill(MEMBER.password);
    await member.page.getByRole('button', { name: 'Accept invitation' }).click();
    await member.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  }, 120_000);

  it('after signing in and after a full load, the user menu reads only the placeholder or the member’s own name', async () => {
    const { page, context, errors } = await server.newPage();
    await context.addInitScript(recordTopBar);
    await server.signIn(page, { email: MEMBER.email, password: MEMBER.password });
    const afterSignIn = await recorded(page);
    await page.reload();
    const afterLoad = await recorded(page);

    for (const seen of [afterSignIn, afterLoad]) {
      // What it read, in order: the placeholder at most, then the member (initials and name).
      expect(seen.menu.length).toBeGreaterThan(0);
      for (const text of seen.menu) expect(['Account', `LR${MEMBER.name}`]).toContain(text);
      expect(seen.menu.at(-1)).toBe(`LR${MEMBER.name}`);
      for (const text of seen.bar) expect(text).not.toContain(OWNER.name);
    }
    expect(errors).toEqual([]);
  });
});
