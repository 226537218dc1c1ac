// Shared by the end-to-end tests: one Chromium per test file, a fresh context per test
// (useBrowser), or one Chromium and one team server per file (useTeamServer).
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { OWNER, startTeamServer, type TeamServer } from './team-server';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function executablePath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export interface PageProblems {
  /** console.error messages and uncaught page errors. */
  errors: string[];
  /** Requests to any host other than the app's own. */
  thirdParty: string[];
}

/**
 * Sets up a browser for the file. `open(path)` gives a page at that app path in its own
 * context (its own IndexedDB), with console errors and third-party requests recorded.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const kept: BrowserContext[] = [];
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await Promise.all(kept.map((c) => c.close()));
    await browser?.close();
  });

  /** A context of its own (its own IndexedDB), closed after the test; with `keep`, after the file (a page reused by several tests). */
  async function newContext({ keep = false } = {}) {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    (keep ? kept : contexts).push(context);
    return context;
  }

  function watch(page: Page): PageProblems {
    const problems: PageProblems = { errors: [], thirdParty: [] };
    const origin = new URL(baseURL).origin;
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.errors.push(msg.text());
    });
    page.on('pageerror', (error) => problems.errors.push(error.message));
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) problems.thirdParty.push(url);
    });
    return problems;
  }

  async function open(path: string, context?: BrowserContext) {
    const ctx = context ?? (await newContext());
    const page = await ctx.newPage();
    const problems = watch(page);
    await page.goto(path);
    return { page, context: ctx, problems };
  }

  return { open, newContext, watch, baseURL: () => baseURL };
}

/**
 * Sets up `npm start`'s team server (a fresh data folder, `OWNER` as its owner) and a browser
 * for the file. `newPage()` gives a page in a context of its own (its own cookies and
 * IndexedDB), with uncaught page errors recorded; contexts stay open until the file ends, so a
 * `beforeAll` may sign in once for every test.
 */
export function useTeamServer(extraEnv: Record<string, string> = {}) {
  let server: TeamServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTeamServer(extraEnv), chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS })]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await server?.stop();
  });

  async function newPage() {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  /** Opens `path` signed out, is sent to the sign-in page, and signs in there (as the owner unless told). */
  async function signIn(page: Page, { path = '/', email = OWNER.email, password = OWNER.password } = {}) {
    await page.goto(path);
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** Invites `email` from the Team screen; returns the invitation link, with its dialog still open. */
  async function invite(page: Page, email: string, role: 'Editor' | 'Viewer') {
    await page.goto('/team');
    await page.getByRole('button', { name: 'Invite Member' }).click();
    await page.getByRole('dialog').getByLabel('Email Address').fill(email);
    await page.getByRole('dialog').getByLabel('Role').selectOption(role);
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    return page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
  }

  /** Accepts an invitation in a browser of its own; resolves once the workspace has synced. */
  async function accept(link: string, name: string) {
    const member = await newPage();
    await member.page.goto(link);
    await member.page.getByLabel('Full Name').fill(name);
    await member.page.getByLabel('Password').fill('a long enough password');
    await member.page.getByRole('button', { name: 'Accept invitation' }).click();
    await member.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    return member;
  }

  return {
    newPage,
    signIn,
    invite,
    accept,
    baseURL: () => server.baseURL,
    browser: () => browser,
    /** Where `npm start` writes mail without SMTP_URL: `mail/` under the data folder. */
    mailDir: () => join(server.dataDir, 'mail'),
    output: () => server.output(),
    signalServer: (name: 'SIGSTOP' | 'SIGCONT') => server.signal(name),
  };
}

/**
 * How many records the page's origin keeps in the IndexedDB database `database`, straight from
 * IndexedDB: every record, or one collection's. 0 when the database or its store is absent
 * (opening it does not create it).
 */
export const storedRecords = (page: Page, database: string, collection?: string) =>
  page.evaluate(
    ([name, only]) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(name);
        let absent = false;
        open.onupgradeneeded = () => {
          absent = true;
          open.transaction?.abort();
        };
        open.onerror = () => (absent ? resolve(0) : reject(open.error));
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('records')) {
            open.result.close();
            resolve(0);
            return;
          }
          const store = open.result.transaction('records').objectStore('records');
          const request = only === undefined ? store.count() : store.count(IDBKeyRange.bound([only, ''], [only, '\uffff']));
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
        };
      }),
    [database, collection] as const,
  );
