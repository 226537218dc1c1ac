import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

/** Chooses in General Settings (a host page or a cf-settings element) and saves. */
async function saveSetting(scope: ReturnType<Page['locator']> | Page, label: string, option: string, save = 'Save Changes') {
  await scope.getByLabel(label).selectOption(option);
  await scope.getByRole('button', { name: save }).click();
}

describe('languages', () => {
  it('Spanish chosen in an element on the embed page switches that page and the host app at once; reload keeps it; lang overrides one element', async () => {
    const { page: embed, context, problems } = await b.open('/examples/embed-plain-html/');
    await embed.locator('cf-inventory').getByRole('button', { name: 'Add Item' }).waitFor();
    const host = await context.newPage();
    await host.goto('/orders');
    await host.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();

    await embed.locator('#section-settings > summary').press('Enter');
    const settings = embed.locator('cf-settings');
    await settings.getByRole('heading', { name: 'General Settings' }).waitFor();
    await saveSetting(settings, 'Language', 'Spanish');

    // The element that saved, its neighbour on the page, and the host app in the other tab.
    await settings.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
    expect(await settings.locator('.cf-root').first().getAttribute('lang')).toBe('es');
    await embed.locator('cf-profile .cf-root[lang="es"]').first().waitFor();
    await host.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Configuración' }).waitFor();
    await host.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Pedidos' }).waitFor();
    expect(await host.evaluate(() => document.documentElement.lang)).toBe('es');

    await host.reload();
    await host.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Configuración' }).waitFor();
    expect(await host.evaluate(() => document.documentElement.lang)).toBe('es');

    // An element's own lang attribute wins for that element alone.
    await settings.evaluate((el) => el.setAttribute('lang', 'fr'));
    await settings.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
    await embed.locator('cf-profile .cf-root[lang="es"]').first().waitFor();
    await settings.evaluate((el) => el.removeAttribute('lang'));
    await settings.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();

    // French the same way, from the host app.
    await host.goto('/settings');
    await saveSetting(host, 'Idioma', 'Francés', 'Guardar cambios');
    await host.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Paramètres' }).waitFor();
    await settings.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});

describe('the calendar in the workspace time zone', () => {
  it('an event created at 09:00 in Eastern Time shows at 06:00 for a workspace in Pacific Time', async () => {
    const { page, problems } = await b.open('/settings');
    await saveSetting(page, 'Time Zone', 'Eastern Time (ET)');
    await page.getByText('Settings saved successfully').waitFor();

    await page.goto('/calendar');
    await page.locator('.fc-daygrid-day').first().waitFor();
    await page.getByRole('button', { name: 'Add Event' }).click();
    const add = page.getByRole('dialog', { name: 'Add Event' });
    const day = (await add.getByLabel('Start Date').inputValue()).slice(0, 10);
    await add.getByLabel('Title').fill('Zone check');
    await add.getByLabel('Start Date').fill(`${day}T09:00`);
    await add.getByLabel('End Date').fill(`${day}T10:00`);
    await add.getByRole('button', { name: 'Add Event' }).click();
    await page.getByText('Event added successfully').waitFor();

    await page.goto('/settings');
    await saveSetting(page, 'Time Zone', 'Pacific Time (PT)');
    await page.getByText('Settings saved successfully').waitFor();
    await page.goto('/calendar');
    await page.locator('.fc-event', { hasText: 'Zone check' }).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Event' });
    expect(await edit.getByLabel('Start Date').inputValue()).toBe(`${day}T06:00`);
    expect(await edit.getByLabel('End Date').inputValue()).toBe(`${day}T07:00`);
    // FullCalendar's own time text says the same.
    expect(await page.locator('.fc-event', { hasText: 'Zone check' }).first().locator('.fc-event-time').textContent()).toMatch(/^6/);
    expect(problems.errors).toEqual([]);
  });
});
