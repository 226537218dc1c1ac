// Two team server processes on one PostgreSQL, as behind a load balancer; the one a member's
// browser talks to is killed. Without any edit, that member's top bar says within 5 s that it
// cannot reach the server (the event stream's heartbeat stops; the check that follows fails),
// while the other process's member still reads "All changes saved".
import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/processes.mjs';
import { adminQuery, resolvePostgres, withDatabase, type PostgresServer } from '../server/pg';
import { CHROMIUM_ARGS, executablePath } from './browser';
import { OWNER } from './team-server';

interface Process {
  url: string;
  stop(signal?: string): Promise<void>;
}

describe('a member whose server process dies', () => {
  const database = `cf_e2e_${randomBytes(6).toString('hex')}`;
  let postgres: PostgresServer;
  let browser: Browser;
  let one: Process | undefined;
  let two: Process | undefined;

  beforeAll(async () => {
    [postgres, browser] = await Promise.all([resolvePostgres(), chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS })]);
    await adminQuery(postgres.adminUrl, `create database ${database}`);
    const env = {
      DATABASE_URL: withDatabase(postgres.adminUrl, database),
      CREATORFLOW_OWNER_EMAIL: OWNER.email,
      CREATORFLOW_OWNER_PASSWORD: OWNER.password,
      CREATORFLOW_USE_BUILD: '1',
    };
    // One after the other: the first migrates and seeds the empty database.
    one = await startServerProcess({ args: ['scripts/start.mjs'], env, name: 'Process 1' });
    two = await startServerProcess({ args: ['scripts/start.mjs'], env, name: 'Process 2' });
  }, 120_000);
  afterAll(async () => {
    await Promise.all([one?.stop(), two?.stop()]);
    await browser?.close();
    await adminQuery(postgres.adminUrl, `drop database if exists ${database} with (force)`);
    await postgres?.stop();
  });

  async function signedIn(server: Process) {
    const context = await browser.newContext({ baseURL: server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/orders');
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/orders$/);
    // The workspace is in (the first download done), and the status line says so.
    await page.getByRole('row').filter({ hasText: 'ORD-1001' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    return { page, errors };
  }

  it("says it can't reach the server within 5 s of its process being killed, with no edit made", async () => {
    const survivor = await signedIn(one!);
    const member = await signedIn(two!);
    const killedAt = Date.now();
    await two!.stop('SIGKILL');
    await member.page.getByRole('status').filter({ hasText: "Can't reach the server" }).waitFor({ timeout: 5_000 });
    const noticedMs = Date.now() - killedAt;
    console.log(`Unreachable said ${noticedMs} ms after the process was killed`);
    expect(noticedMs).toBeLessThan(5_000);
    // The member on the live process is told nothing false.
    await survivor.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    expect([...survivor.errors, ...member.errors]).toEqual([]);
  }, 120_000);
});
