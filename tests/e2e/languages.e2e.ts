import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

/** Chooses in General Settings (a host page or a cf-settings element) and saves. */
async function saveSetting(scope: ReturnType<Page['locator']> | Page, label: string, option: string, save = 'Save Changes') {
  await scope.getByLabel(label).selectOption(option);
  await scope.getByRole('button', { name: save }).click();
}

/** Opens every section of the embed page, so that each of its elements is on the page and rendered. */
async function openEveryElement(embed: Page): Promise<string[]> {
  await embed.evaluate(() => document.querySelectorAll('details').forEach((section) => (section.open = true)));
  const tags = await embed.evaluate(() => [...new Set([...document.querySelectorAll('*')].map((el) => el.localName).filter((name) => name.startsWith('cf-')))]);
  for (const tag of tags) await embed.locator(`${tag} .cf-root`).first().waitFor();
  return tags;
}

/** Every element on the embed page speaks `lang`: each one's screen root says so, and none is left in another language. */
async function everyElementSpeaks(embed: Page, tags: string[], lang: string) {
  for (const tag of tags) await embed.locator(`${tag} .cf-root[lang="${lang}"]`).first().waitFor();
  expect(await embed.locator(`.cf-root:not([lang="${lang}"])`).count()).toBe(0);
}

/** The host app in `lang`: the shell (its navigation, the page's lang) and a screen (the funnel board), and the tab's title. */
async function hostSpeaks(host: Page, words: { nav: string; settings: string; board: string; newFunnel: string; title: string }, lang: string) {
  const nav = host.getByRole('navigation', { name: words.nav });
  await nav.getByRole('link', { name: words.settings }).waitFor();
  await host.getByRole('heading', { level: 1, name: words.board }).waitFor();
  await host.getByRole('button', { name: words.newFunnel }).waitFor();
  expect(await host.evaluate(() => document.documentElement.lang)).toBe(lang);
  await expect.poll(() => host.title()).toBe(words.title);
}

const SPANISH = { nav: 'Principal', settings: 'Configuración', board: 'Panel de embudos', newFunnel: 'Nuevo embudo', title: 'Embudo · Creatorflow' };
const FRENCH = { nav: 'Navigation principale', settings: 'Paramètres', board: 'Tableau des funnels', newFunnel: 'Nouveau funnel', title: 'Funnel · Creatorflow' };

describe('languages', () => {
  it('Spanish chosen in Settings switches the host app and every element on the embed page at once; reload keeps it; French the same; lang overrides one element', async () => {
    const { page: embed, context, problems } = await b.open('/examples/embed-plain-html/');
    await embed.locator('cf-inventory').getByRole('button', { name: 'Add Item' }).waitFor();
    const tags = await openEveryElement(embed);
    expect(tags.length).toBeGreaterThan(20);
    await everyElementSpeaks(embed, tags, 'en-US');
    const host = await context.newPage();
    await host.goto('/funnel');
    await host.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).waitFor();

    // Spanish, chosen in the embed page's Settings element.
    const settings = embed.locator('cf-settings');
    await settings.getByRole('heading', { name: 'General Settings' }).waitFor();
    await saveSetting(settings, 'Language', 'Español');
    await settings.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();
    await everyElementSpeaks(embed, tags, 'es');
    await embed.locator('cf-funnel-board').getByRole('heading', { level: 1, name: 'Panel de embudos' }).waitFor();
    await embed.locator('cf-orders').getByRole('heading', { level: 1, name: 'Pedidos' }).waitFor();
    await hostSpeaks(host, SPANISH, 'es');

    // Reload keeps it, on both pages.
    await host.reload();
    await hostSpeaks(host, SPANISH, 'es');
    await embed.reload();
    await embed.locator('cf-inventory').getByRole('button', { name: 'Añadir artículo' }).waitFor();
    await openEveryElement(embed);
    await everyElementSpeaks(embed, tags, 'es');

    // An element's own lang attribute wins for that element alone.
    const reloadedSettings = embed.locator('cf-settings');
    await reloadedSettings.evaluate((el) => el.setAttribute('lang', 'fr'));
    await reloadedSettings.getByRole('heading', { name: 'Paramètres', level: 1 }).waitFor();
    await embed.locator('cf-profile .cf-root[lang="es"]').first().waitFor();
    await reloadedSettings.evaluate((el) => el.removeAttribute('lang'));
    await reloadedSettings.getByRole('heading', { name: 'Configuración', level: 1 }).waitFor();

    // French the same way, from the host app's Settings.
    await host.goto('/settings');
    await saveSetting(host, 'Idioma', 'Français', 'Guardar cambios');
    await host.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Paramètres' }).waitFor();
    // The tab's title follows the language without a navigation.
    await expect.poll(() => host.title()).toBe('Paramètres · Creatorflow');
    await everyElementSpeaks(embed, tags, 'fr');
    await embed.locator('cf-funnel-board').getByRole('heading', { level: 1, name: 'Tableau des funnels' }).waitFor();
    await host.goto('/funnel');
    await hostSpeaks(host, FRENCH, 'fr');
    await host.reload();
    await hostSpeaks(host, FRENCH, 'fr');
    await embed.reload();
    await embed.locator('cf-inventory').getByRole('button', { name: 'Ajouter un article' }).waitFor();
    await openEveryElement(embed);
    await everyElementSpeaks(embed, tags, 'fr');
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
