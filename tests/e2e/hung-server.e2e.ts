// The team server's process stopped (SIGSTOP), not killed: its sockets stay open, connections are
// still accepted, and nothing answers. The browser watches the event stream's heartbeat, so its
// top bar says within 5 s, without any edit, that it cannot reach the server; an edit made
// meanwhile waits and says so; when the process goes on (SIGCONT) the tab recovers by itself and
// the edit reaches the server.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';

const { newPage, signIn, signalServer } = useTeamServer();

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Records every text the top bar's status line shows, from the page's first paint on. */
async function recordStatus(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { statusSeen: string[] }).statusSeen = seen;
    const record = () => {
      const text = document.querySelector('.cf-sync-status')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return {
    seen: () => page.evaluate(() => [...(window as unknown as { statusSeen: string[] }).statusSeen]),
    forget: () => page.evaluate(() => void (window as unknown as { statusSeen: string[] }).statusSeen.splice(0)),
  };
}

async function setQuantity(page: Page, name: string, quantity: string) {
  await page.getByRole('button', { name: `Edit quantity of ${name}` }).click();
  const input = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await input.fill(quantity);
  await input.press('Enter');
}

let frozen = false;
afterEach(() => {
  // A failed test never leaves the server frozen for the next one.
  if (frozen) signalServer('SIGCONT');
  frozen = false;
});

describe('a team server that stops answering', () => {
  it("says it can't reach the server within 5 s of the process being stopped, keeps an edit waiting, and recovers once it goes on", async () => {
    const member = await newPage();
    await signIn(member.page, { path: '/inventory' });
    await status(member.page, 'All changes saved').waitFor();
    await member.page.getByRole('row').filter({ hasText: 'Smart Watch' }).waitFor();

    const stoppedAt = Date.now();
    signalServer('SIGSTOP');
    frozen = true;
    await status(member.page, "Can't reach the server").waitFor({ timeout: 5_000 });
    const noticedMs = Date.now() - stoppedAt;
    console.log(`Unreachable said ${noticedMs} ms after the process was stopped`);
    expect(noticedMs).toBeLessThan(5_000);

    // An edit while it is stopped: its push gets no answer; the change waits, and the bar says so.
    await setQuantity(member.page, 'Smart Watch', '41');
    await status(member.page, "Can't reach the server — 1 change waiting").waitFor();
    expect(await member.page.getByRole('status').filter({ hasText: 'All changes saved' }).count()).toBe(0);

    const resumedAt = Date.now();
    signalServer('SIGCONT');
    frozen = false;
    await status(member.page, 'All changes saved').waitFor({ timeout: 30_000 });
    console.log(`All changes saved ${Date.now() - resumedAt} ms after the process went on`);
    const held = await member.page.evaluate(async () => {
      const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; id: string; value: { name?: string; quantity?: number } }[] };
      return pulled.records.find((r) => r.collection === 'inventory' && r.value?.name === 'Smart Watch')?.value?.quantity;
    });
    expect(held).toBe(41);
    expect(member.errors).toEqual([]);
  }, 120_000);

  it('a first visit says it is loading before "All changes saved"; a healthy reconnect never says it cannot reach the server', async () => {
    const member = await newPage();
    const bar = await recordStatus(member.page);
    await signIn(member.page, { path: '/inventory' });
    await status(member.page, 'All changes saved').waitFor();
    const first = await bar.seen();
    expect(first[0]).toBe('Loading the workspace…');
    expect(first.indexOf('All changes saved')).toBeGreaterThan(first.lastIndexOf('Loading the workspace…'));

    await member.page.getByRole('row').filter({ hasText: 'Smart Watch' }).waitFor();
    await member.context.setOffline(true);
    await setQuantity(member.page, 'Smart Watch', '12');
    await setQuantity(member.page, 'Wireless Earbuds', '13');
    await setQuantity(member.page, 'Portable Charger', '14');
    await status(member.page, 'Offline — 3 changes will sync').waitFor();
    await bar.forget();
    await member.context.setOffline(false);
    await status(member.page, 'All changes saved').waitFor();
    const reconnect = await bar.seen();
    expect(reconnect.filter((text) => text.startsWith("Can't reach"))).toEqual([]);
    expect(reconnect.at(-1)).toBe('All changes saved');
    expect(member.errors).toEqual([]);
  }, 120_000);
});
