// No input reaches a 500. Control characters (NUL and C0 but tab and line breaks in text) are
// refused with 400 naming the field on every route, signed in or not; one bad mutation in a
// push is refused alone. Amounts and quantities have a maximum. Then a fuzz run: 10,000
// requests over every route that needs no sign-in, with valid and broken tokens, signed and
// unsigned shop deliveries, bad escapes and long paths: no 5xx, no stack trace in a body.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_QUANTITY } from '../../lib/domain/constants';
import { createResetLink, resettableAccount } from '../../server/auth/reset';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const FUZZ_REQUESTS = 10_000;
/** The fuzz run's bound on a busy machine (it takes a fraction of this on a quiet one). */
const FUZZ_BOUND_MS = 240_000;
const SHOP_SECRET = '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';
const SAMPLE = readFileSync(new URL('./fixtures/shopify-orders-create.json', import.meta.url), 'utf8');
const HIGH = { max: 1_000_000, windowMs: 60_000 };

let seed = 0;
/** A path segment for any text; a lone surrogate, which has no UTF-8, goes as its bytes would. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
};
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `cc${(seed++).toString(36)}` });

describe.each(DB_KINDS)('control characters and limits on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let apiKey: string;
  let inviteToken: string;
  let portalToken: string;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: HIGH, perAccount: HIGH, tokenLookups: HIGH }, apiLimits: { perKey: HIGH } });
    owner = await server.signIn('owner');
    const key = await owner.post('/developer/keys', { role: 'Editor', name: 'control characters' });
    expect(key.statusCode).toBe(201);
    apiKey = json<{ secret: string }>(key).secret;
    const made = await owner.post('/team/invitations', { email: 'fuzz@acme.test', role: 'Editor', permissions: USERS.editor.permissions });
    inviteToken = new URL(json<{ inviteUrl: string }>(made).inviteUrl).pathname.split('/').pop()!;
    portalToken = new URL(json<{ url: string }>(await owner.post('/portal-links/CR12349', {})).url).pathname.split('/').pop()!;
    expect((await owner.put('/integrations/shopify/signing-secret', { secret: SHOP_SECRET })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const refusedNaming = (response: { statusCode: number; body: string }, field: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(json(response as never)).toMatchObject({ field, code: 'controlCharacters', error: `${field} must not contain control characters` });
  };

  it('refuses NUL and other C0 characters before signing in, naming the field (the database never sees them)', async () => {
    for (const character of ['\u0000', '\u0001', '\u001b', '\u001f']) {
      refusedNaming(await server.client().post('/auth/forgot', { email: `owner@acme.test${character}` }), 'email');
      refusedNaming(await server.client().post('/auth/signin', { email: USERS.owner.email, password: `x${character}` }), 'password');
      refusedNaming(await server.client().post(`/invitations/${inviteToken}/accept`, { name: `Fu${character}zz`, password: 'a-long-password-1' }), 'name');
    }
    // In a path or query parameter not even tab or a line break.
    refusedNaming(await server.client().get(`/invitations/${inviteToken}%00`), 'token');
    refusedNaming(await server.client().get('/auth/reset/abc%0Adef'), 'token');
    refusedNaming(await owner.get('/sync/pull?since=%09'), 'since');
    // A field the route does not declare is dropped by its validation, never named back.
    const keyed = await server.client().post('/auth/signin', { email: USERS.owner.email, password: 'p', ['x\u0000']: 1 });
    expect(keyed.statusCode).toBe(401);
    expect(keyed.body).not.toContain('\\u0000');
    // The invitation still works: nothing was written by the refusals.
    expect((await server.client().get(`/invitations/${inviteToken}`)).statusCode).toBe(200);
  });

  it('refuses them signed in and through the API key, naming the field', async () => {
    refusedNaming(await owner.patch('/auth/me', { language: 'en-US\u0000' }), 'language');
    refusedNaming(await owner.post('/team/invitations', { email: 'a\u0000@acme.test', role: 'Viewer', permissions: USERS.viewer.permissions }), 'email');
    // A key holding one inside a declared field is named by where it sits, without echoing it.
    refusedNaming(await owner.post('/team/invitations', { email: 'b@acme.test', role: 'Viewer', permissions: { ...USERS.viewer.permissions, ['x\u0000']: true } }), 'permissions');
    const api = await server.client().post('/api/v1/creators', { handle: '@nul_handle', name: 'Nul\u0000Name' }, { authorization: `Bearer ${apiKey}` });
    refusedNaming(api, 'name');
    // The key is checked first: without it, the answer is 401 whatever the body holds.
    expect((await server.client().post('/api/v1/creators', { handle: '@x', name: 'a\u0000' })).statusCode).toBe(401);
  });

  it('refuses one bad mutation in a push alone; tab and line breaks in a bio are text', async () => {
    const response = await owner.post('/sync/push', {
      clientID: `cc-${kind}`,
      mutations: [
        { id: 1, name: 'funnels.updateBio', args: { funnelId: 'CR12349', bio: 'bad\u0000bio' }, meta: meta() },
        { id: 2, name: 'funnels.updateBio', args: { funnelId: 'CR12349', bio: 'line one\r\n\tline two' }, meta: meta() },
      ],
    });
    expect(response.statusCode).toBe(200);
    const results = json<{ results: { id: number; ok: boolean; error?: string; field?: string }[] }>(response).results;
    expect(results[0]).toMatchObject({ id: 1, ok: false, error: 'bio must not contain control characters' });
    expect(results[1]).toMatchObject({ id: 2, ok: true });
  });

  it(`refuses amounts over ${MAX_AMOUNT} and quantities over ${MAX_QUANTITY}, in the API and in a push`, async () => {
    const item = { sku: 'SKU-001', quantity: 1 };
    const draft = (items: unknown[]) => ({
      source: 'Direct',
      customerName: 'Big Spender',
      customerEmail: 'big@example.com',
      shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
      items,
    });
    const api = (body: unknown) => server.client().post('/api/v1/orders', body, { authorization: `Bearer ${apiKey}` });
    const huge = await api({ ...draft([{ ...item, price: 1e20 }]), items: [{ ...item, price: 1e20 }] });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(json(huge)).toMatchObject({ field: 'items.0.price' });
    const push = async (args: unknown) =>
      json<{ results: { ok: boolean; error?: string }[] }>(await owner.post('/sync/push', { clientID: `cc-amount-${seed}`, mutations: [{ id: 1, name: 'orders.create', args, meta: meta() }] })).results[0];
    expect(await push({ draft: draft([{ ...item, price: '10000000.01' }]) })).toMatchObject({ ok: false, error: 'Price of SKU-001 must be at most 10000000' });
    expect(await push({ draft: draft([{ ...item, quantity: String(MAX_QUANTITY + 1) }]) })).toMatchObject({ ok: false });
    expect(await push({ draft: draft([{ ...item, quantity: '2', price: String(MAX_AMOUNT) }]) })).toMatchObject({ ok: false, error: 'An order’s subtotal must be at most 10000000' });
    expect(await push({ draft: draft([{ ...item, price: '24.99' }]) })).toMatchObject({ ok: true });
    const setQuantity = await server.client().patch('/api/v1/inventory/SKU-001', { quantity: MAX_QUANTITY + 1 }, { authorization: `Bearer ${apiKey}` });
    expect(json(setQuantity)).toMatchObject({ field: 'quantity' });
    expect(setQuantity.statusCode).toBe(400);
  });

  it(`fuzz: ${FUZZ_REQUESTS.toLocaleString('en')} requests to every route open without signing in: no 5xx, no stack trace`, { timeout: FUZZ_BOUND_MS + 30_000 }, async () => {
    const account = await resettableAccount(server.db.handle.db, USERS.viewer.email);
    const resetToken = (await createResetLink(server.db.handle.db, account.userId, server.clock.now())).token;
    const publicRoutes = server.app.routeAuth.filter((route) => route.auth === 'public' && route.method !== 'HEAD');
    expect(publicRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /auth/signin', 'POST /auth/forgot', 'POST /auth/reset', 'GET /auth/reset/:token', 'POST /invitations/:token/accept', 'POST /auth/setup', 'GET /c/:token', 'POST /integrations/:shop/webhooks/:workspaceId', 'GET /r/:code']),
    );

    const control = fc.integer({ min: 0, max: 31 }).map((code) => String.fromCharCode(code));
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.tuple(fc.string({ maxLength: 10 }), control, fc.string({ maxLength: 10 })).map(([a, c, b]) => a + c + b),
      fc.constantFrom('', ' ', 'owner@acme.test', `${USERS.owner.email}\u0000`, '\u202e', '__proto__', 'constructor', 'x'.repeat(5000), '%', '%zz', '\ud800'),
    );
    const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      any: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(1e20, -1e20, MAX_AMOUNT + 1), fc.array(tie('any'), { maxLength: 3 }), fc.dictionary(text, tie('any'), { maxKeys: 3 })),
    })).any;
    const fields = ['email', 'password', 'token', 'name', 'newPassword', 'confirmPassword', 'args', 'language', 'answer', 'note', 'id', 'order'];
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 4 }),
      fc.record({ email: text, password: text }),
      fc.record({ token: fc.constantFrom(resetToken, inviteToken, 'A'.repeat(43)), password: text, name: text }),
      fc.record({ name: fc.constantFrom('portal.setLanguage', 'portal.saveAddress', 'portal.handInDeliverables', 'nope'), args: value }),
      value,
    );
    const segment = fc.oneof(
      fc.constantFrom(inviteToken, resetToken, portalToken, 'shopify', 'woocommerce', 'acme', 'globex', 'A'.repeat(43)),
      text.map(encodeSegment),
      fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%0a', '..', 'x'.repeat(150), 'x'.repeat(3000)),
    );
    const shopBody = fc.oneof(fc.constant(SAMPLE), body.map((b) => JSON.stringify(b) ?? 'null'), text);
    const request = fc.record({
      route: fc.constantFrom(...publicRoutes),
      segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
      body,
      shopBody,
      signed: fc.boolean(),
      topic: fc.constantFrom('orders/create', 'orders/cancelled', 'orders/fulfilled', 'x'),
      bearer: fc.oneof(fc.constant(undefined), fc.constant(portalToken), text),
      contentType: fc.constantFrom('application/json', 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
      query: fc.oneof(fc.constant(''), text.map((s) => `?token=${encodeSegment(s)}`), fc.constantFrom('?%', '?a=%zz', '?__proto__[x]=1')),
    });
    const samples = fc.sample(request, { numRuns: FUZZ_REQUESTS, seed: 38 });

    const started = performance.now();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < samples.length) {
        const sample = samples[next++];
        let i = 0;
        const url = sample.route.url.replace(/:[A-Za-z]+|\*/g, () => sample.segments[i++ % 3]) + sample.query;
        const shop = sample.route.url.includes('/webhooks/');
        const payload = shop ? sample.shopBody : sample.contentType === 'application/json' ? (JSON.stringify(sample.body) ?? '') : String(JSON.stringify(sample.body));
        const headers: Record<string, string> = { 'content-type': sample.contentType };
        if (sample.bearer !== undefined && /^[\t\x20-\x7e]*$/.test(sample.bearer)) headers.authorization = `Bearer ${sample.bearer}`;
        if (shop) {
          headers['content-type'] = 'application/json';
          headers['x-shopify-topic'] = sample.topic;
          headers['x-shopify-hmac-sha256'] = sample.signed ? createHmac('sha256', SHOP_SECRET).update(payload, 'utf8').digest('base64') : 'bm9wZQ==';
          headers['x-shopify-webhook-id'] = `fuzz-${next}`;
        }
        const response = await server.app.inject({ method: sample.route.method as 'GET', url, headers, ...(sample.route.method === 'GET' ? {} : { payload }) });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        // The readiness probe's declared "not ready" (503 with its status) is its answer, not a
        // failure: with the pool busy under the fuzz, its database ping may wait past its bound.
        const notReady = url.startsWith('/readyz') && response.statusCode === 503 && /^\{"status":"(unavailable|draining)"\}$/.test(response.body);
        if ((response.statusCode >= 500 && !notReady) || /\n\s+at .+:\d+:\d+/.test(response.body)) failures.push(`${sample.route.method} ${url.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: 32 }, worker));
    const elapsed = performance.now() - started;
    console.log(`fuzz on ${kind}: ${FUZZ_REQUESTS} requests in ${Math.round(elapsed)} ms; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`);
    expect(failures.slice(0, 5)).toEqual([]);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(FUZZ_REQUESTS);
    expect(elapsed).toBeLessThan(FUZZ_BOUND_MS);
  });
});
