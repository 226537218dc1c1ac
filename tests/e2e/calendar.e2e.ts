import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd of a day in the current month, in the browser's (= this machine's) time zone. */
function dayOfThisMonth(dayOfMonth: number) {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(dayOfMonth)}`;
}

async function openCalendar(page: Page) {
  await page.locator('.fc-daygrid-day').first().waitFor();
}

describe('calendar in the host app', () => {
  it('adds an event from a clicked day, edits it, drags it, deletes it, and every step survives a reload', async () => {
    const { page, problems } = await b.open('/calendar');
    await openCalendar(page);
    const day = dayOfThisMonth(10);
    const target = dayOfThisMonth(17);

    // Add: clicking a day opens Add Event with that day prefilled.
    await page.locator(`.fc-daygrid-day[data-date="${day}"] .fc-daygrid-day-frame`).click();
    const add = page.getByRole('dialog', { name: 'Add Event' });
    expect(await add.getByLabel('Start Date').inputValue()).toBe(`${day}T00:00`);
    await add.getByLabel('Title').fill('E2E kickoff');
    await add.getByLabel('Start Date').fill(`${day}T09:00`);
    await add.getByLabel('End Date').fill(`${day}T10:00`);
    await add.getByLabel('Event Type').selectOption('Review');
    await add.getByRole('button', { name: 'Add Event' }).click();
    await page.getByText('Event added successfully').waitFor();
    await page.reload();
    const event = page.locator(`.fc-daygrid-day[data-date="${day}"] .fc-event`, { hasText: 'E2E kickoff' });
    await event.waitFor();
    // Review events are purple.
    expect(await event.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(126, 34, 206)');

    // Edit.
    await event.click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    expect(await edit.getByLabel('Title').inputValue()).toBe('E2E kickoff');
    await edit.getByLabel('Title').fill('E2E kickoff call');
    await edit.getByRole('button', { name: 'Update Event' }).click();
    await page.getByText('Event updated successfully').waitFor();

    // Drag to another day: the new date is saved.
    const moving = page.locator('.fc-event', { hasText: 'E2E kickoff call' });
    const from = (await moving.boundingBox())!;
    const to = (await page.locator(`.fc-daygrid-day[data-date="${target}"] .fc-daygrid-day-frame`).boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
    await page.mouse.up();
    await page.getByText('Event updated successfully').first().waitFor();
    await page.reload();
    const moved = page.locator(`.fc-daygrid-day[data-date="${target}"] .fc-event`, { hasText: 'E2E kickoff call' });
    await moved.waitFor();

    // Delete.
    await moved.click();
    await page.getByRole('dialog', { name: 'Edit Event' }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this event?' }).getByRole('button', { name: 'Delete event' }).click();
    await page.getByText('Event deleted successfully').waitFor();
    await page.reload();
    await openCalendar(page);
    await page.locator('.fc-event').first().waitFor();
    expect(await page.locator('.fc-event', { hasText: 'E2E kickoff' }).count()).toBe(0);

    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('refuses an end before the start and switches between month, week and day views', async () => {
    const { page } = await b.open('/calendar');
    await openCalendar(page);
    await page.getByRole('button', { name: 'Add Event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Event' });
    await dialog.getByLabel('Title').fill('Backwards');
    const start = await dialog.getByLabel('Start Date').inputValue();
    await dialog.getByLabel('End Date').fill(start);
    await dialog.getByRole('button', { name: 'Add Event' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('End Date must be after Start Date');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Sample events are coloured by type; the order with tracking shows as a blue shipment.
    const shipment = page.locator('.fc-event.cf-event-shipment').first();
    await shipment.waitFor();
    expect(await shipment.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 78, 216)');

    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.locator('.fc-timeGridWeek-view').waitFor();
    // Slots are 30 minutes.
    expect(await page.locator('.fc-timegrid-slot-lane[data-time="00:30:00"]').count()).toBe(1);
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.locator('.fc-timeGridDay-view').waitFor();
  });
});

/** Writes events straight into the workspace's IndexedDB (as another tab would), then reloads. */
async function storeEvents(page: Page, events: object[]) {
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('creatorflow:default', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('records', 'readwrite');
          for (const value of rows as { id: string }[]) tx.objectStore('records').put({ collection: 'events', id: value.id, value });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    events,
  );
  await page.reload();
}

/** A stored reminder from `start` to `end` (local times of this machine). */
function storedEvent(id: string, title: string, start: string, end: string) {
  const base = { type: 'reminder', creatorId: '', creatorName: '', status: 'pending', description: '' };
  return { ...base, id, title, start: new Date(start).toISOString(), end: new Date(end).toISOString() };
}

describe('a busy day', () => {
  it('shows the events that fit and a "+N more" link, at a fixed cell height', async () => {
    const { page } = await b.open('/calendar');
    await openCalendar(page);
    const day = dayOfThisMonth(12);
    const events = Array.from({ length: 8 }, (_, i) => storedEvent(`busy_${i}`, `Busy ${i + 1}`, `${day}T${pad(8 + i)}:00`, `${day}T${pad(8 + i)}:30`));
    await storeEvents(page, events);
    const cell = page.locator(`.fc-daygrid-day[data-date="${day}"]`);
    const more = cell.locator('.fc-daygrid-more-link');
    await more.waitFor();
    expect(await more.textContent()).toMatch(/^\+\d+ more$/);
    // The busy day's week is no taller than the other weeks: the cell did not grow.
    const heights = await page.locator('.fc-daygrid-body tr').evaluateAll((rows) => rows.map((r) => Math.round(r.getBoundingClientRect().height)));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(3);
    await more.click();
    await page.locator('.fc-popover').getByText('Busy 8').waitFor();
  });

  it('counts every event of a crowded day in its "+N more", and the popover lists them all', async () => {
    const { page } = await b.open('/calendar');
    await openCalendar(page);
    const day = dayOfThisMonth(19);
    const events = Array.from({ length: 24 }, (_, i) =>
      storedEvent(`crowded_${i}`, `Crowded ${i + 1}`, `${day}T${pad(6 + Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`, `${day}T${pad(7 + Math.floor(i / 2))}:00`),
    );
    await storeEvents(page, events);
    const cell = page.locator(`.fc-daygrid-day[data-date="${day}"]`);
    const more = cell.locator('.fc-daygrid-more-link');
    await more.waitFor();
    const shown = await cell.locator('.fc-daygrid-event-harness').evaluateAll((all) => all.filter((h) => getComputedStyle(h).visibility !== 'hidden').length);
    const hidden = Number(/^\+(\d+) more$/.exec((await more.textContent()) ?? '')?.[1]);
    await more.click();
    const popover = page.locator('.fc-popover');
    await popover.getByText('Crowded 24', { exact: true }).waitFor();
    // The link counted every event of the day that is not shown in the cell, and the popover lists them all.
    expect(shown + hidden).toBe(await popover.locator('.fc-event').count());
    expect(shown + hidden).toBeGreaterThanOrEqual(24);
  });
});

describe('<cf-calendar> element', () => {
  it('renders FullCalendar styled inside its shadow root', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('button', { name: 'Add Item' }).waitFor();
    await page.evaluate(() => document.querySelector('main')!.append(document.createElement('cf-calendar')));
    const toolbar = page.locator('cf-calendar .fc-toolbar');
    await toolbar.waitFor();
    // FullCalendar's own CSS reached the shadow root: the toolbar is a flex row.
    expect(await toolbar.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    const event = page.locator('cf-calendar .fc-event.cf-event-shipment').first();
    await event.waitFor();
    expect(await event.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(29, 78, 216)');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});
