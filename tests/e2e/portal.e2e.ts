// The creator portal against `npm start`'s server: staff set the allowance, send outreach and
// copy the creator's link; the creator opens it in a fresh browser on a phone-sized screen and
// answers each step while the team's open board shows each one complete without a reload; the
// draft order holds the address and products; the activity log names the creator. Wrong, ended
// and malformed links show one plain page with nothing of the workspace; the portal makes no
// third-party request and passes axe.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { simpleParser } from 'mailparser';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../lib/domain/types';
import { useTeamServer } from './browser';

// Without SMTP_URL the server writes each message as an .eml file under its data folder.
const { newPage, signIn, baseURL, browser, mailDir } = useTeamServer();

/** The messages written so far to `to`, parsed as a mail client reads them. */
async function mailTo(to: string) {
  if (!existsSync(mailDir())) return [];
  const files = readdirSync(mailDir()).filter((name) => name.endsWith('.eml'));
  const parsed = await Promise.all(files.map((name) => simpleParser(readFileSync(join(mailDir(), name)))));
  return parsed.filter((mail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((a) => a?.text.includes(to)));
}
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const OTHER_CREATORS = ['Sarah Johnson', 'Mike Chen', 'Emma Davis', 'Priya Patel', 'Jordan Lee'];

/** A fresh browser context (no cookies, no storage) where every request off this machine fails and is recorded. */
async function phone(width = 390) {
  const context = await browser().newContext({ baseURL: baseURL(), viewport: { width, height: 844 }, isMobile: true, hasTouch: true });
  const offMachine: string[] = [];
  await context.route(
    (url) => !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) && url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      offMachine.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, offMachine, errors };
}

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Signs in as the owner at a creator's page and copies that creator's portal link. */
async function creatorLink(page: Page, creatorId: string, { signedIn = false } = {}) {
  if (signedIn) await page.goto(`/creator/${creatorId}`);
  else await signIn(page, { path: `/creator/${creatorId}` });
  await page.waitForURL(new RegExp(`/creator/${creatorId}$`));
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
  await page.getByRole('button', { name: 'Copy creator link' }).click();
  const field = page.getByRole('textbox', { name: 'Creator link' });
  await field.waitFor();
  return field.inputValue();
}

const closeAll = (contexts: BrowserContext[]) => Promise.all(contexts.map((c) => c.close()));

describe('the creator portal', () => {
  it('outreach, then the creator answers each step on a phone while the open board follows live; a draft order and the activity log follow', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/creator/CR12348' });
    await owner.page.waitForURL(/\/creator\/CR12348$/);
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await owner.page.getByLabel('Products the creator may choose').fill('2');
    await owner.page.getByLabel('Up to a value of').fill('100');
    await owner.page.getByRole('button', { name: 'Save allowance' }).click();
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // Send Outreach from the creator page keeps Alex Rivera at Brief, Creator Confirmation current.
    await owner.page.getByRole('button', { name: 'Send Outreach' }).click();
    await owner.page.getByRole('dialog').getByLabel('Message').fill('Hi Alex, here is your campaign link.');
    await owner.page.getByRole('button', { name: 'Send Message' }).click();
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    // The message arrives: the member's words, from the member, Reply-To the member, with the portal link.
    await expect.poll(async () => (await mailTo('alexcooks@example.com')).length, { timeout: 30_000 }).toBe(1);
    const [outreach] = await mailTo('alexcooks@example.com');
    expect(outreach.text).toContain('Hi Alex, here is your campaign link.');
    expect(outreach.from?.text).toContain('Alex Morgan');
    expect(outreach.replyTo?.text).toContain('owner@acme.test');
    expect(outreach.html || '').not.toMatch(/<img/i);
    const link = /https?:\/\/\S+\/c\/[A-Za-z0-9_-]{43}/.exec(outreach.text ?? '')![0];

    // The board, open for the rest of the test.
    await owner.page.goto('/dashboard');
    await owner.page.getByRole('button', { name: 'Expand Alex Rivera' }).click();
    const steps = owner.page.getByRole('list', { name: 'Steps of Alex Rivera' });
    const step = (name: string) => steps.getByRole('listitem').filter({ hasText: name });
    await step('Creator Confirmation').getByText('(current)').waitFor();

    const creator = await phone(390);
    await creator.page.goto(link);
    await creator.page.getByRole('heading', { name: 'Hi Alex Rivera' }).waitFor();
    await creator.page.getByText('Next: confirm the campaign').waitFor();

    await creator.page.getByRole('button', { name: 'Confirm' }).click();
    await creator.page.getByText(/^You confirmed on /).waitFor();
    await step('Creator Confirmation').getByText('(completed)').waitFor();

    await creator.page.getByLabel('Street address').fill('42 Harbour Road');
    await creator.page.getByLabel('City').fill('Portland');
    await creator.page.getByLabel('Postal code').fill('97201');
    await creator.page.getByLabel('Country').fill('United States');
    await creator.page.getByRole('button', { name: 'Save address' }).click();
    await creator.page.getByText(/^Saved on /).waitFor();

    const products = creator.page.getByRole('group', { name: /Choose up to 2 products/ }).getByRole('checkbox');
    const names = [await products.nth(0).locator('xpath=..').innerText(), await products.nth(1).locator('xpath=..').innerText()].map((t) => t.replace(/ \(.*\)$/, ''));
    await products.nth(0).check();
    await products.nth(1).check();
    await creator.page.getByRole('button', { name: 'Choose these products' }).click();
    await creator.page.getByText(/^You chose: /).waitFor();

    await creator.page.getByRole('button', { name: 'I have read the brief' }).click();
    await creator.page.getByText(/^You acknowledged the brief on /).waitFor();
    await step('Creative Brief Delivery').getByText('(completed)').waitFor();

    await creator.page.getByLabel('Link 1', { exact: true }).fill('https://www.instagram.com/p/alex-unboxing');
    await creator.page.getByLabel('Note for link 1').fill('Unboxing reel');
    await creator.page.getByRole('button', { name: 'Hand in' }).click();
    await creator.page.getByText(/^Handed in on .*The team will review your content\.$/).waitFor();
    // Final Deliverables waits for staff review: still not completed on the board.
    expect(await step('Final Deliverables').getByText('(completed)').count()).toBe(0);

    // Readable on the phone: nothing wider than the screen.
    expect(await creator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The portal never loaded the workspace: no sync, no store.
    const body = await creator.page.locator('body').innerText();
    for (const other of OTHER_CREATORS) expect(body).not.toContain(other);
    expect(creator.offMachine).toEqual([]);
    expect(creator.errors).toEqual([]);

    // The draft order: the creator's address and the two products, stock taken.
    const gift = await owner.page.evaluate(async () => {
      const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; value: Order }[] };
      return pulled.records.find((r) => r.collection === 'orders' && r.value.creatorId === 'CR12348' && r.value.source === 'Creator portal')?.value;
    });
    expect(gift).toMatchObject({ status: 'New', customerName: 'Alex Rivera', stockDeducted: true, shippingAddress: { line1: '42 Harbour Road', city: 'Portland', postalCode: '97201', country: 'United States' } });
    expect(gift!.items.map((i) => i.name).sort()).toEqual(names.sort());

    // The creator page says what the creator answered; the activity log names the creator.
    await owner.page.goto('/creator/CR12348');
    await owner.page.getByRole('list', { name: 'What the creator answered' }).getByText(/Shipping address: 42 Harbour Road/).waitFor();
    await owner.page.goto('/activity');
    await owner.page.getByText('Alex Rivera confirmed').first().waitFor();
    await owner.page.getByText('Alex Rivera acknowledged the brief').first().waitFor();
    expect(owner.errors).toEqual([]);
    await closeAll([creator.context]);
  }, 180_000);

  it('wrong, ended and malformed links show one plain page with nothing of the workspace; the portal makes no third-party request and passes axe', async () => {
    const owner = await newPage();
    const link = await creatorLink(owner.page, 'CR12350');
    const creator = await phone(360);
    await creator.page.goto(link);
    await creator.page.getByRole('heading', { name: 'Hi Jordan Lee' }).waitFor();
    await creator.page.waitForLoadState('networkidle');
    expect(await violations(creator.page)).toEqual([]);
    expect(await creator.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const own = await creator.page.locator('body').innerText();
    for (const other of OTHER_CREATORS.filter((n) => n !== 'Jordan Lee')) expect(own).not.toContain(other);

    // The creator reads it in Spanish: the page follows at once.
    await creator.page.getByLabel('Language').selectOption('es');
    await creator.page.getByRole('heading', { name: 'Hola, Jordan Lee' }).waitFor();

    // Staff end the old links: the one the creator holds stops working.
    await owner.page.getByRole('button', { name: 'End old links' }).click();
    await owner.page.getByText('Old links ended; a new link was copied').waitFor();

    const stranger = await phone(390);
    const wrong = `${new URL(link).origin}/c/${'A'.repeat(43)}`;
    const otherFunnelId = `${new URL(link).origin}/c/CR12345`;
    const plain: string[] = [];
    for (const url of [link, wrong, otherFunnelId]) {
      const response = await stranger.page.goto(url);
      expect(response?.status()).toBe(404);
      await stranger.page.getByRole('heading', { name: "This link doesn't work" }).waitFor();
      const text = await stranger.page.locator('body').innerText();
      plain.push(text);
      for (const name of [...OTHER_CREATORS, 'Alex Rivera', 'Acme', 'Creatorflow Demo']) expect(text).not.toContain(name);
      expect(await violations(stranger.page)).toEqual([]);
    }
    expect(new Set(plain).size).toBe(1);
    // The API behind it answers nothing either, whatever funnel is named.
    const api = await stranger.page.evaluate(async (token) => {
      const response = await fetch('/portal/api/view?funnelId=CR12345', { headers: { authorization: `Bearer ${token}` } });
      return { status: response.status, body: await response.text() };
    }, new URL(link).pathname.slice(3));
    expect(api.status).toBe(404);
    for (const name of OTHER_CREATORS) expect(api.body).not.toContain(name);

    expect(creator.offMachine).toEqual([]);
    expect(stranger.offMachine).toEqual([]);
    expect(creator.errors).toEqual([]);
    expect(stranger.errors).toEqual([]);
    await closeAll([creator.context, stranger.context]);
  }, 120_000);
});
