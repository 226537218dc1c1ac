// A Spanish member's first paint is already Spanish: on every full page load of the team server,
// no English sentence of the shell appears at any moment (the page says the member's language,
// and its catalog loads beside the first screen, before the first render).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';

const { newPage, signIn } = useTeamServer();

/** English texts of the shell and the loading frame, each unlike its Spanish translation. */
const ENGLISH = ['Loading workspace…', 'All changes saved', 'Saving', 'Orders', 'Inventory', 'Calendar', 'Settings', 'Notifications'];

/** Runs before the page's own scripts: records every English text that is ever in the document, at each mutation and each frame. */
function watchForEnglish(words: string[]) {
  const seen = new Set<string>();
  (window as unknown as { __englishSeen: Set<string> }).__englishSeen = seen;
  const look = () => {
    const text = document.body?.innerText ?? '';
    for (const word of words) if (new RegExp(`(^|\\W)${word}(\\W|$)`).test(text)) seen.add(word);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  const frame = () => {
    look();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

const englishSeen = (page: Page) => page.evaluate(() => [...(window as unknown as { __englishSeen: Set<string> }).__englishSeen]);

describe('the first paint speaks the member’s language', () => {
  it('a Spanish member never sees English on a full load of the board, Orders and Settings, cached or not', async () => {
    const member = await newPage();
    await signIn(member.page, { path: '/dashboard' });
    await member.page.waitForURL(/\/dashboard$/);
    const chosen = await member.page.evaluate(async () => {
      const response = await fetch('/auth/me', { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ language: 'es' }) });
      return response.status;
    });
    expect(chosen).toBe(200);

    await member.context.addInitScript(watchForEnglish, ENGLISH);
    for (const [path, spanish] of [['/dashboard', 'Pedidos'], ['/orders', 'Pedidos'], ['/settings', 'Configuración'], ['/inventory', 'Inventario']] as const) {
      await member.page.goto(path);
      await member.page.getByRole('navigation').getByText(spanish, { exact: true }).first().waitFor();
      await member.page.getByRole('status').filter({ hasText: 'Todos los cambios guardados' }).waitFor();
      expect(await member.page.evaluate(() => document.documentElement.lang)).toBe('es');
      expect(await englishSeen(member.page), `English painted on ${path}`).toEqual([]);
    }
    expect(member.errors).toEqual([]);
  }, 120_000);
});
