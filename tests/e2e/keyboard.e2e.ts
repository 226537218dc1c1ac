// Usable by everyone: the main flows with the keyboard only (Tab, Shift+Tab,
// Enter, Space, arrows, Escape; no mouse, no clicks). Dialogs keep focus inside themselves
// (the native modal <dialog> makes the page inert: Tab past the last control only reaches the
// browser's own UI, shown here as <body>, then comes back into the dialog) and give focus back
// to the control that opened them. Every button, link and field reached shows a focus ring.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

interface Focused {
  tag: string;
  name: string;
  inDialog: boolean;
  dialog: string | null;
  ring: boolean;
  /** The computed outline and box-shadow, for the failure message. */
  style: string;
}

/** The focused element (through shadow roots), its accessible-ish name, and whether it shows a focus ring. */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    let el = document.activeElement as HTMLElement | null;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
    if (!el) return { tag: 'NONE', name: '', inDialog: false, dialog: null, ring: false, style: '' };
    const labelled = el.getAttribute('aria-labelledby');
    const labels = (el as HTMLInputElement).labels;
    const name =
      el.getAttribute('aria-label') ??
      (labelled ? labelled.split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ') : null) ??
      (labels && labels.length ? labels[0].textContent : null) ??
      el.textContent ??
      '';
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && style.outlineColor !== 'rgba(0, 0, 0, 0)';
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== '';
    // Date and time fields: the last Tab stop is the browser's own picker button, which draws
    // its own ring (the field itself is then not :focus-visible); the text stops are checked.
    const picker = /^(date|datetime-local|time|month|week)$/.test((el as HTMLInputElement).type ?? '') && !el.matches(':focus-visible');
    const dialog = el.closest('dialog[open]');
    return {
      tag: el.tagName,
      name: name.replace(/\s+/g, ' ').trim(),
      inDialog: Boolean(dialog),
      dialog: dialog ? (dialog.querySelector('h2')?.textContent ?? '') : null,
      ring: outline || shadow || picker,
      style: `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow ${style.boxShadow}; focus-visible ${el.matches(':focus-visible')}`,
    };
  });
}

const RING_TAGS = new Set(['BUTTON', 'A', 'INPUT', 'SELECT', 'TEXTAREA']);

/** Keyboard session: presses keys and records every reached control that has no focus ring. */
function keyboard(page: Page) {
  const noRing: string[] = [];
  async function press(key: string) {
    await page.keyboard.press(key);
    const now = await focused(page);
    if (RING_TAGS.has(now.tag) && !now.ring) noRing.push(`${now.tag} "${now.name}" (${now.style})`);
    return now;
  }
  /** Tabs (or Shift+Tabs) until the focused control's name matches. */
  async function tabTo(name: string | RegExp, options: { back?: boolean; max?: number } = {}) {
    const seen: string[] = [];
    for (let i = 0; i < (options.max ?? 120); i++) {
      const now = await press(options.back ? 'Shift+Tab' : 'Tab');
      seen.push(now.name);
      if (typeof name === 'string' ? now.name === name : name.test(now.name)) return now;
    }
    throw new Error(`Tab never reached ${String(name)}; went through: ${seen.slice(-40).join(' | ')}`);
  }
  /**
   * Tabs forward through a whole open dialog and past its end, then back: focus never lands on
   * anything outside the dialog but the browser UI (<body>), and comes back into the dialog.
   */
  async function expectTrapped(title: string) {
    const start = await focused(page);
    expect(start.dialog).toBe(title);
    const names: string[] = [];
    let wrapped = false;
    for (let i = 0; i < 40 && !wrapped; i++) {
      const now = await press('Tab');
      if (now.tag === 'BODY') continue;
      expect(now.inDialog, `Tab left the dialog for ${now.tag} "${now.name}"`).toBe(true);
      expect(now.dialog).toBe(title);
      if (names.length && now.name === names[0] && names.length > 1) wrapped = true;
      names.push(now.name);
    }
    expect(wrapped, `Tab did not come back round inside ${title}: ${names.join(' | ')}`).toBe(true);
    for (let i = 0; i < 6; i++) {
      const now = await press('Shift+Tab');
      if (now.tag === 'BODY') continue;
      expect(now.inDialog, `Shift+Tab left the dialog for ${now.tag} "${now.name}"`).toBe(true);
    }
  }
  return { press, tabTo, expectTrapped, noRing };
}

async function ready(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('keyboard-only flows', () => {
  it('sends outreach: the dialog traps focus, Escape gives focus back, Enter sends', async () => {
    const { page, problems } = await b.open('/funnel');
    await ready(page);
    const k = keyboard(page);
    await k.tabTo('Send outreach to Alex Rivera');
    await k.press('Enter');
    await page.getByRole('dialog', { name: 'Send Outreach' }).waitFor();
    await k.expectTrapped('Send Outreach');
    await k.press('Escape');
    await page.getByRole('dialog', { name: 'Send Outreach' }).waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Send outreach to Alex Rivera');

    await k.press('Space');
    const dialog = page.getByRole('dialog', { name: 'Send Outreach' });
    await dialog.waitFor();
    // The dialog opens with focus in the message box.
    await expect.poll(async () => (await focused(page)).tag).toBe('TEXTAREA');
    await page.keyboard.type('Hello from the keyboard');
    await k.tabTo('Send Message');
    await k.press('Enter');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const card = page.getByRole('article', { name: 'Alex Rivera' });
    await card.getByText('Confirmation', { exact: true }).waitFor();
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('edits a funnel step', async () => {
    const { page, problems } = await b.open('/funnel');
    await ready(page);
    const k = keyboard(page);
    await k.tabTo('Expand Alex Rivera');
    await k.press('Enter');
    const card = page.getByRole('article', { name: 'Alex Rivera' });
    const edit = await k.tabTo(/^Edit step /);
    await k.press('Enter');
    // The step editor opens with the step name focused.
    await card.getByLabel('Step name').waitFor();
    expect((await focused(page)).name).toBe('Step name');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Keyboard step');
    await k.tabTo('Step description');
    await page.keyboard.type('Typed without a mouse');
    await k.tabTo('Save Step');
    await k.press('Enter');
    await card.getByText('Keyboard step').first().waitFor();
    await card.getByText('Typed without a mouse').first().waitFor();
    // Focus is back on the step's pencil, not on <body>.
    await expect.poll(async () => (await focused(page)).name).toBe('Edit step Keyboard step');
    await page.reload();
    await ready(page);
    await k.tabTo('Expand Alex Rivera');
    await k.press('Enter');
    await page.getByRole('article', { name: 'Alex Rivera' }).getByText('Keyboard step').first().waitFor();
    expect(edit.name).toMatch(/^Edit step /);
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('adds an inventory item', async () => {
    const { page, problems } = await b.open('/inventory');
    await page.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    const k = keyboard(page);
    await k.tabTo('Add Item');
    await k.press('Enter');
    await page.getByRole('dialog', { name: 'Add Item' }).waitFor();
    await k.expectTrapped('Add Item');
    await k.press('Escape');
    await page.getByRole('dialog', { name: 'Add Item' }).waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Add Item');
    await k.press('Enter');
    await page.getByRole('dialog', { name: 'Add Item' }).waitFor();
    await k.tabTo('SKU');
    await page.keyboard.type('KB-1');
    await k.tabTo('Product Name');
    await page.keyboard.type('Keyboard Tripod');
    await k.press('Enter');
    await page.getByRole('cell', { name: 'Keyboard Tripod', exact: true }).waitFor();
    await page.getByRole('dialog', { name: 'Add Item' }).waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Add Item');
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('completes a step on the creator page; focus stays on the step; it reads completed, not current', async () => {
    const { page, problems } = await b.open('/creator/CR12346');
    await ready(page);
    const k = keyboard(page);
    // Mike Chen is at Confirmation: "Product Shipment" is the current step, open.
    const step = page.locator('.cf-progress-step').nth(1);
    expect(await step.getAttribute('aria-current')).toBe('step');
    await k.tabTo('Complete step Product Shipment');
    await k.press('Enter');
    await page.getByText('Step saved').first().waitFor();
    await expect.poll(async () => (await focused(page)).name).toMatch(/^✓Product ShipmentCompleted$/);
    expect(await step.getAttribute('aria-current')).toBeNull();
    await expect.poll(() => step.locator('.cf-dot').textContent()).toBe('✓');
    // The next step is the current one now; the status follows the rule (no advance at its own index).
    expect(await page.locator('.cf-progress-step').nth(2).getAttribute('aria-current')).toBe('step');
    expect(await page.locator('.cf-progress-step[aria-current="step"] .cf-dot').textContent()).not.toBe('✓');
    await page.getByText('Confirmation', { exact: true }).first().waitFor();
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('moves a dashboard widget with the arrow keys on its handle; the move is said and saved, focus stays', async () => {
    const { page, problems } = await b.open('/');
    await ready(page);
    await page.locator('.cf-dashboard-grid[data-measured]').waitFor();
    const k = keyboard(page);
    const handle = await k.tabTo(/^Move .+ with the arrow keys$/);
    expect(handle.tag).toBe('BUTTON');
    const title = handle.name.replace(/^Move (.+) with the arrow keys$/, '$1');
    await k.press('ArrowDown');
    await page.getByText(new RegExp(`^${title} moved to column \\d+, row \\d+$`)).waitFor({ state: 'attached' });
    await page.locator('.cf-dashboard-grid[data-layout="saved"]').waitFor();
    expect((await focused(page)).name).toBe(handle.name);
    await page.reload();
    await page.locator('.cf-dashboard-grid[data-layout="saved"]').waitFor();
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('opens an order and scrolls its items by keyboard at a phone’s width', async () => {
    const { page, problems } = await b.open('/orders');
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByRole('row', { name: 'Open order ORD-1001' }).waitFor();
    const k = keyboard(page);
    await k.tabTo('Open order ORD-1001');
    await k.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    // The items table's region takes focus while it scrolls; the arrow keys scroll it.
    const region = page.getByRole('region', { name: 'Order items' });
    const reached = await k.tabTo('Order items');
    expect(reached.tag).toBe('DIV');
    expect(reached.ring).toBe(true);
    const before = await region.evaluate((el) => el.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(before);
    expect((await focused(page)).name).toBe('Order items');
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it("changes an order's status", async () => {
    const { page, problems } = await b.open('/orders');
    await page.getByRole('row', { name: 'Open order ORD-1001' }).waitFor();
    const k = keyboard(page);
    await k.tabTo('Open order ORD-1001');
    await k.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    const select = await k.tabTo('Order status');
    expect(select.tag).toBe('SELECT');
    await k.press('ArrowDown');
    await page.getByText('Order status updated to Processing').first().waitFor();
    expect(await page.getByLabel('Order status').inputValue()).toBe('Processing');
    await page.goto('/orders?order=ORD-1001');
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    expect(await page.getByLabel('Order status').inputValue()).toBe('Processing');
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('adds a calendar event with the Add Event button', async () => {
    const { page, problems } = await b.open('/calendar');
    await page.locator('.fc-daygrid-day').first().waitFor();
    const k = keyboard(page);
    await k.tabTo('Add Event');
    await k.press('Enter');
    await page.getByRole('dialog', { name: 'Add Event' }).waitFor();
    await k.expectTrapped('Add Event');
    await k.tabTo('Title');
    await page.keyboard.type('Keyboard call');
    await k.press('Enter');
    await page.getByText('Event added successfully').first().waitFor();
    await page.getByRole('dialog', { name: 'Add Event' }).waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Add Event');
    await page.reload();
    await page.locator('.fc-event', { hasText: 'Keyboard call' }).first().waitFor();
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('invites a team member', async () => {
    const { page, problems } = await b.open('/team');
    await ready(page);
    const k = keyboard(page);
    await k.tabTo('Invite Member');
    await k.press('Enter');
    await page.getByRole('dialog', { name: 'Invite Member' }).waitFor();
    await k.expectTrapped('Invite Member');
    await k.tabTo('Email Address');
    await page.keyboard.type('keys@brand.example');
    await k.tabTo('Role');
    await k.press('ArrowDown');
    await k.tabTo('Send Invitation');
    await k.press('Enter');
    await page.getByText('Invitation sent successfully').first().waitFor();
    await page.getByRole('dialog', { name: 'Invite Member' }).waitFor({ state: 'hidden' });
    expect((await focused(page)).name).toBe('Invite Member');
    const row = page.getByRole('row').filter({ hasText: 'keys@brand.example' });
    await row.getByText('Pending').waitFor();
    expect(k.noRing).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('every control on the main screens shows a focus ring when reached with Tab', async () => {
    const missing: string[] = [];
    for (const path of ['/', '/orders', '/inventory', '/team', '/settings', '/integrations', '/import', '/notifications']) {
      const { page } = await b.open(path);
      await ready(page);
      await page.waitForTimeout(300);
      const k = keyboard(page);
      let first = '';
      for (let i = 0; i < 60; i++) {
        const now = await k.press('Tab');
        const key = `${now.tag}:${now.name}`;
        if (i > 0 && key === first) break;
        if (i === 0) first = key;
      }
      missing.push(...k.noRing.map((m) => `${path}: ${m}`));
    }
    expect(missing).toEqual([]);
  });
});
