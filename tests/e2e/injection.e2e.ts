// Nothing injected: markup typed into every free-text field (inventory is
// covered in security.e2e.ts) renders as text wherever it is shown. Each flow types the
// payloads, then looks at the places the text appears and checks that nothing ran, that no
// <img src="x"> or injected <script> exists anywhere (shadow roots included), and that the
// payload is readable as text.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

const IMG = '<img src=x onerror="window.__pwned=1">';
const SCRIPT = '<script>window.__pwned=1</script>';

/** Counts injected nodes in the document and every open shadow root; reads the tripwire. */
async function injected(page: Page) {
  return page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    const found = { imgs: 0, scripts: 0 };
    while (roots.length) {
      const root = roots.pop()!;
      found.imgs += root.querySelectorAll('img[src="x"]').length;
      for (const s of root.querySelectorAll('script')) if ((s.textContent ?? '').includes('__pwned')) found.scripts += 1;
      for (const el of root.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot);
    }
    return { pwned: (window as unknown as { __pwned?: unknown }).__pwned, ...found };
  });
}

async function expectInert(page: Page) {
  // Give an onerror handler the chance to run if an <img> had been created.
  await page.waitForTimeout(150);
  expect(await injected(page)).toEqual({ pwned: undefined, imgs: 0, scripts: 0 });
}

/** The payload is on screen as text (not as an element). */
async function expectText(scope: Page | Locator, text: string) {
  await scope.getByText(text, { exact: false }).first().waitFor();
}

describe('markup in free text renders as text (beyond inventory)', () => {
  it('orders: new order customer name and order notes', async () => {
    const { page, problems } = await b.open('/orders');
    await page.getByRole('button', { name: 'New Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Order' });
    await dialog.getByLabel('Customer name').fill(IMG);
    await dialog.getByLabel('Customer email').fill('ava@example.com');
    await dialog.getByLabel('Street address').fill(SCRIPT);
    await dialog.getByLabel('City').fill('Portland');
    await dialog.getByLabel('State').fill('OR');
    await dialog.getByLabel('Postal code').fill('97201');
    await dialog.getByLabel('Product 1').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Create Order' }).click();
    await page.getByText('Order ORD-1004 created').first().waitFor();
    // The new order opens: name and address are shown as text.
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1004' }).waitFor();
    await expectText(page.getByRole('region', { name: 'Customer' }), IMG);
    await expectText(page.getByRole('region', { name: 'Shipping Address' }), SCRIPT);
    await expectInert(page);
    // The list shows the customer name as text too.
    await page.getByRole('button', { name: /Back to orders/ }).click();
    await expectText(page.getByRole('row', { name: /ORD-1004/ }), IMG);
    await expectInert(page);

    await page.goto('/orders?order=ORD-1004');
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1004' }).waitFor();
    await page.getByLabel('Order notes').fill(`${IMG} ${SCRIPT}`);
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await page.getByText('Notes saved successfully').first().waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1004' }).waitFor();
    expect(await page.getByLabel('Order notes').inputValue()).toBe(`${IMG} ${SCRIPT}`);
    await expectInert(page);

    await page.goto('/activity');
    await expectText(page, IMG);
    await expectInert(page);
    expect(problems.errors).toEqual([]);
  });

  it('funnels: step name and description, outreach message, creator bio, interest tags, criteria tags', async () => {
    const { page, problems } = await b.open('/funnel');
    // Step edit (pencil) on a card.
    const card = page.getByRole('article', { name: 'Alex Rivera' });
    await card.getByRole('button', { name: 'Expand Alex Rivera' }).click();
    await card.getByRole('button', { name: /^Edit step / }).first().click();
    await card.getByLabel('Step name').fill(IMG);
    await card.getByLabel('Step description').fill(SCRIPT);
    await card.getByRole('button', { name: 'Save Step' }).click();
    await expectText(card, IMG);
    await expectText(card, SCRIPT);
    await expectInert(page);

    // Outreach message.
    await page.getByRole('button', { name: 'Send outreach to Alex Rivera' }).click();
    const outreach = page.getByRole('dialog', { name: 'Send Outreach' });
    await outreach.getByPlaceholder('Write your message here...').fill(`${IMG}${SCRIPT}`);
    await outreach.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await expectInert(page);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Funnel Dashboard' }).waitFor();

    // Profile Optimizer: bio and interest tags of the first creator; Smart Matching criteria.
    await page.getByLabel('Creator Bio').fill(`${IMG}\n${SCRIPT}`);
    await page.getByLabel('Creator Bio').locator('xpath=..').getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Creator bio saved').first().waitFor();
    await page.getByLabel('Add interest tags').fill(IMG);
    await page.getByRole('button', { name: 'Add to Interest Tags' }).click();
    await expectText(page.getByRole('list', { name: 'Interest Tags' }), IMG);
    await page.getByLabel('Add niche criteria').fill(SCRIPT);
    await page.getByRole('button', { name: 'Add to Niche criteria' }).click();
    await expectText(page.getByRole('list', { name: 'Niche criteria' }), SCRIPT);
    await expectInert(page);

    // Where it all shows: after a reload, the creator page (steps, outreach history) and the log.
    await page.reload();
    expect(await page.getByLabel('Creator Bio').inputValue()).toBe(`${IMG}\n${SCRIPT}`);
    await expectText(page.getByRole('list', { name: 'Interest Tags' }), IMG);
    await expectText(page.getByRole('list', { name: 'Niche criteria' }), SCRIPT);
    await expectInert(page);
    await page.goto('/creator/CR12348');
    await page.getByRole('heading', { level: 1, name: 'Alex Rivera' }).waitFor();
    await expectText(page, IMG);
    await expectText(page.getByRole('region', { name: 'Outreach History' }), `${IMG}${SCRIPT}`);
    await expectInert(page);
    await page.goto('/activity');
    await expectText(page, SCRIPT);
    await expectInert(page);
    await page.goto('/notifications');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectInert(page);
    expect(problems.errors).toEqual([]);
  });

  it('calendar: event title, description and creator', async () => {
    const { page, problems } = await b.open('/calendar');
    await page.locator('.fc-daygrid-day').first().waitFor();
    await page.getByRole('button', { name: 'Add Event' }).click();
    const add = page.getByRole('dialog', { name: 'Add Event' });
    await add.getByLabel('Title').fill(IMG);
    await add.getByLabel('Description').fill(SCRIPT);
    await add.getByLabel('Creator').fill(IMG);
    await add.getByRole('button', { name: 'Add Event' }).click();
    await page.getByText('Event added successfully').first().waitFor();
    await page.reload();
    const event = page.locator('.fc-event', { hasText: IMG }).first();
    await event.waitFor();
    await expectInert(page);
    await event.click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    expect(await edit.getByLabel('Title').inputValue()).toBe(IMG);
    expect(await edit.getByLabel('Description').inputValue()).toBe(SCRIPT);
    expect(await edit.getByLabel('Creator').inputValue()).toBe(IMG);
    await expectInert(page);
    for (const view of ['Week', 'Day']) {
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: view, exact: true }).click();
      await expectInert(page);
    }
    await page.goto('/activity');
    await expectText(page, IMG);
    await expectInert(page);
    expect(problems.errors).toEqual([]);
  });

  it('admin: team invite, profile full name, company name, integration webhook URL', async () => {
    const { page, problems } = await b.open('/team');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite Member' });
    await invite.getByLabel('Email Address').fill(`${IMG}@example.com`);
    await invite.getByRole('button', { name: 'Send Invitation' }).click();
    // Refused as an email address: the message says so, and nothing was added.
    expect(await invite.getByRole('alert').textContent()).toMatch(/valid email/i);
    await expectInert(page);
    await invite.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByRole('row').filter({ hasText: 'example.com' }).count()).toBe(0);

    await page.goto('/profile');
    await page.getByLabel('Full Name').fill(IMG);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully').first().waitFor();
    await page.reload();
    // The user menu shows the name as text.
    await page.getByRole('button', { name: IMG }).first().waitFor();
    await expectInert(page);
    await page.goto('/team');
    await expectText(page.getByRole('table'), IMG);
    await expectInert(page);

    await page.goto('/settings');
    await page.getByLabel('Company Name').fill(SCRIPT);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Settings saved successfully').first().waitFor();
    await page.reload();
    expect(await page.getByLabel('Company Name').inputValue()).toBe(SCRIPT);
    await expectInert(page);

    await page.goto('/integrations');
    await page.getByRole('tab', { name: /E-?commerce/i }).click();
    await page.getByRole('button', { name: /^(Connect|Configure) Shopify$/ }).click();
    const configure = page.getByRole('dialog', { name: 'Configure Integration' });
    await configure.getByLabel('API Key').fill('key_123');
    await configure.getByLabel('Webhook URL').fill(`https://x/${IMG}`);
    await configure.getByRole('button', { name: 'Save Configuration' }).click();
    // Either saved (the URL is encoded) or refused with a message; nothing runs in either case.
    await Promise.race([
      configure.waitFor({ state: 'detached' }),
      configure.getByRole('alert').waitFor(),
    ]);
    await expectInert(page);

    await page.goto('/activity');
    await expectText(page, IMG);
    await expectText(page, SCRIPT);
    await expectInert(page);
    expect(problems.errors).toEqual([]);
  });

  it('CSV import: markup in cells shows as text in the preview, the report and the imported creator', async () => {
    const csv = [
      'creator_handle,creator_name,email,platform,followers,engagement_rate,category',
      `@xsscreator,"${IMG.replace(/"/g, '""')}",xss@example.com,${SCRIPT},10,1,Creator`,
      `${SCRIPT},Bad Handle,,,,,`,
    ].join('\r\n');
    const { page, problems } = await b.open('/import');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('table', { name: 'Preview (first 5 rows)' });
    await preview.waitFor();
    await expectText(preview, IMG);
    await expectText(preview, SCRIPT);
    await expectInert(page);
    await page.getByRole('button', { name: 'Import 1 row' }).click();
    await page.getByRole('heading', { name: 'Data imported successfully' }).waitFor();
    await expectText(page.getByRole('list', { name: 'Rows not imported' }), 'Row 2');
    await expectInert(page);
    await page.goto('/funnel');
    await expectText(page.getByRole('article', { name: IMG }), IMG);
    await expectInert(page);
    // The imported creator's page, through its card (imported ids come from the import's mutation).
    await page.getByRole('article', { name: IMG }).getByRole('link', { name: IMG }).click();
    await page.getByRole('heading', { level: 1, name: IMG }).waitFor();
    await expectInert(page);
    await page.goto('/calendar');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expectInert(page);
    expect(problems.errors).toEqual([]);
  });
});
