// Tracking links over HTTP on PGlite and PostgreSQL: GET /r/<code> counts clicks by day with
// unique visitors (storing no address or browser), sends the visitor to the shop with the code
// and the UTM parameters (never anywhere else), says plainly when no shop is set, and finds the
// funnel by its code in any letter case. Codes are edited by members, unique in any case, free
// again once their funnel is gone; the shop URL is https only and set by managers.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { loadRecords } from '../../server/db/records';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

describe.each(DB_KINDS)('tracking links on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let editor: Client;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
    owner = await server.signIn('owner');
    editor = await server.signIn('editor');
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.handle.db;
  const click = (path: string, agent = 'Mozilla/5.0 (Test) Browser/1') => server.client().get(path, { 'user-agent': agent, 'accept-language': 'en-US' });
  const counts = async (funnelId: string) => (await db().select().from(t.linkClicks).where(eq(t.linkClicks.funnelId, funnelId))).filter((row) => row.workspaceId === 'acme');
  const funnel = async (id: string) => (await loadRecords(db(), 'acme', 'funnels', { ids: [id] }))[0]?.record;

  it('every funnel has its code, and the server says where its links live', async () => {
    expect((await funnel('CR12345'))?.discountCode).toBe('SARAHJSTYLE');
    const links = json<{ origin: string; workspaceId: string }>(await owner.get('/results/links'));
    expect(links.workspaceId).toBe('acme');
    expect(links.origin).toMatch(/^https?:\/\//);
    expect((await server.client().get('/results/links')).statusCode).toBe(401);
  });

  it('with no shop URL set, counts the click and says so on a plain page', async () => {
    const answer = await click('/r/SARAHJSTYLE?w=acme');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.body).toContain('No shop is set for this link');
    expect(answer.headers.location).toBeUndefined();
    expect(await counts('CR12345')).toMatchObject([{ clicks: 1, visitors: 1 }]);
  });

  it('takes an https shop URL from a manager only, and refuses anything else, changing nothing', async () => {
    const viewer = await server.signIn('viewer');
    expect((await viewer.push('settings.setShopUrl', { shopUrl: 'https://shop.example.com' })).status).toBe(403);
    expect((await editor.push('settings.setShopUrl', { shopUrl: 'https://shop.example.com' })).status).toBe(403);
    for (const bad of ['http://shop.example.com', 'javascript:alert(1)', 'https://user:pw@shop.example.com', 'shop.example.com', 'https://shop.example.com/?next=https://evil.example']) {
      const refused = await owner.push('settings.setShopUrl', { shopUrl: bad });
      expect(refused.result).toMatchObject({ ok: false, error: 'Enter the shop’s address starting with https:// (for example https://shop.example.com)' });
    }
    expect((await owner.records()).singletons.settings).not.toHaveProperty('shopUrl');
    const saved = await owner.push('settings.setShopUrl', { shopUrl: 'https://shop.example.com/' });
    expect(saved.status).toBe(200);
    expect((await owner.records()).singletons.settings).toMatchObject({ shopUrl: 'https://shop.example.com' });
  });

  it('sends a click to the shop with the code applied and the UTM parameters, in any letter case of the code', async () => {
    const answer = await click('/r/sarahjstyle?w=acme', 'Mozilla/5.0 (Other) Browser/2');
    expect(answer.statusCode).toBe(302);
    const target = new URL(answer.headers.location as string);
    expect(target.origin).toBe('https://shop.example.com');
    expect(target.pathname).toBe('/discount/SARAHJSTYLE');
    expect(Object.fromEntries(target.searchParams)).toEqual({
      redirect: '/?utm_source=creatorflow&utm_medium=creator&utm_campaign=SARAHJSTYLE',
      utm_source: 'creatorflow',
      utm_medium: 'creator',
      utm_campaign: 'SARAHJSTYLE',
    });
    // The same visitor again the same day is one more click, not one more visitor.
    expect((await click('/r/SARAHJSTYLE?w=acme', 'Mozilla/5.0 (Other) Browser/2')).statusCode).toBe(302);
    expect(await counts('CR12345')).toMatchObject([{ clicks: 3, visitors: 2 }]);
  });

  it('stores no address or browser, only a salted hash', async () => {
    const rows = await db().select().from(t.linkVisitors);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('Mozilla');
    expect(rows.every((row) => /^[A-Za-z0-9_-]{43}$/.test(row.visitorHash))).toBe(true);
  });

  it('is never an open redirect, and an unknown or malformed code is a plain 404', async () => {
    const sneaky = await click('/r/SARAHJSTYLE?w=acme&redirect=https://evil.example&url=//evil.example');
    expect(new URL(sneaky.headers.location as string).origin).toBe('https://shop.example.com');
    for (const path of ['/r/NOPE123?w=acme', '/r/a', '/r/%2F%2Fevil.example', '/r/SARAHJSTYLE?w=globex-nope']) {
      const answer = await click(path);
      expect(answer.statusCode, path).toBe(404);
      expect(answer.body).toContain('This link is not known');
      expect(answer.headers.location).toBeUndefined();
    }
  });

  it('without the workspace, finds a code only one workspace holds', async () => {
    // The fixture's second workspace holds a copy of Sarah's funnel, code and all: only ?w= tells them apart.
    expect((await click('/r/SARAHJSTYLE')).statusCode).toBe(404);
    expect((await click('/r/MIKECHENTECH')).statusCode).toBe(302);
  });

  it('an edited code is unique in any letter case, and the old one stops working', async () => {
    const viewer = await server.signIn('viewer');
    expect((await viewer.push('funnels.setDiscountCode', { id: 'CR12345', code: 'SARAH10' })).status).toBe(403);
    expect((await editor.push('funnels.setDiscountCode', { id: 'CR12345', code: 'x' })).result).toMatchObject({ ok: false, error: 'A discount code is 3 to 32 letters, digits, “-” or “_”' });
    expect((await editor.push('funnels.setDiscountCode', { id: 'CR12345', code: 'mikechentech' })).result).toMatchObject({ ok: false, error: 'The code mikechentech is already used by @mikechentech' });
    expect((await editor.push('funnels.setDiscountCode', { id: 'CR12345', code: 'Sarah10' })).status).toBe(200);
    expect((await funnel('CR12345'))?.discountCode).toBe('Sarah10');
    expect((await click('/r/SARAH10?w=acme')).statusCode).toBe(302);
    expect((await click('/r/SARAHJSTYLE?w=acme')).statusCode).toBe(404);
    const activity = (await owner.records()).collections.activity as unknown as { action: string; details: string }[];
    expect(activity.find((entry) => entry.action === 'Discount code changed')).toMatchObject({ details: 'Sarah Johnson: SARAHJSTYLE → Sarah10' });
  });
});
