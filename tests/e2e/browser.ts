// Shared by the end-to-end tests: one Chromium per test file, a fresh context per test.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';

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
  const baseURL = inject('baseURL');

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function newContext() {
    const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } });
    contexts.push(context);
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
