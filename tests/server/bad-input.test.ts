// Bad input, generated (fast-check): POST /sync/push and every JSON route get bodies built
// from their schemas and then broken (wrong types, huge strings, deep objects, unicode,
// negative and huge numbers, unknown fields). Never a 500, always a JSON error that names
// the field when one is at fault, and never a write from a refused or malformed call. A push
// far over the body limit gets a 413 JSON answer.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUTATORS } from '../../lib/mutators';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

// Bounded: each run is an HTTP request on a busy machine, twice (PGlite and PostgreSQL).
const RUNS = 25;

/** Any JSON value, including the awkward ones. */
const nasty = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, '', ' ', '\u0000', '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ✓', '\u202e', '__proto__', 'constructor'),
  fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 10 }).map((s) => s.repeat(2000)),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxKeys: 4 }),
  fc.integer({ min: 50, max: 400 }).map((depth) => {
    let value: unknown = 'bottom';
    for (let i = 0; i < depth; i++) value = { a: value };
    return value;
  }),
);

/** A valid-looking object with one field broken, or extra fields, or a wholly wrong value. */
const broken = (valid: Record<string, unknown>) =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...Object.keys(valid)), nasty).map(([key, value]) => ({ ...valid, [key]: value })),
    fc.tuple(fc.constantFrom(...Object.keys(valid))).map(([key]) => Object.fromEntries(Object.entries(valid).filter(([k]) => k !== key))),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), nasty, { minKeys: 1, maxKeys: 3 }).map((extra) => ({ ...extra, ...valid, zzUnknown: extra })),
    nasty,
  );

describe.each(DB_KINDS)('bad input on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let inviteToken: string;
  beforeAll(async () => {
    server = await startServer(kind, {
      limits: { perAddress: { max: 100_000, windowMs: 60_000 }, perAccount: { max: 100_000, windowMs: 60_000 }, tokenLookups: { max: 100_000, windowMs: 60_000 } },
    });
    owner = await server.signIn('owner');
    const made = await owner.post('/team/invitations', { email: 'fuzz@acme.test', role: 'Editor', permissions: USERS.editor.permissions });
    inviteToken = new URL(json<{ inviteUrl: string }>(made).inviteUrl).pathname.split('/').pop()!;
  });
  afterAll(async () => {
    await server?.close();
  });

  const version = async () => json<PullResponse>(await owner.get('/sync/pull?since=999999999999')).version;

  /** Never a 500; a JSON error; the field named when the body parsed into an object with a field at fault. */
  const expectJsonRefusal = (response: { statusCode: number; body: string; headers: Record<string, unknown> }, where: string, fields: string[]) => {
    expect(response.statusCode, `${where}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    expect(String(response.headers['content-type']), where).toMatch(/^application\/json/);
    const body = JSON.parse(response.body) as { error?: unknown; field?: unknown };
    if (response.statusCode >= 400) {
      expect(typeof body.error, where).toBe('string');
      if (response.statusCode === 400 && body.field !== undefined) {
        expect(typeof body.field, where).toBe('string');
        // A field of the route's own body, never an echo of what was sent.
        const field = body.field as string;
        if (field !== '') expect(fields, `${where}: ${field}`).toContain(field.split('.')[0]);
      }
    }
    return body;
  };

  it('POST /sync/push: malformed envelopes are refused naming the field; malformed arguments are processed as refusals, writing nothing', async () => {
    const names = Object.keys(MUTATORS);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // A broken envelope.
          broken({ clientID: 'fuzz', mutations: [] }),
          // A good envelope, a real mutator, broken arguments or meta.
          fc.record({
            name: fc.constantFrom(...names),
            args: fc.oneof(nasty, fc.dictionary(fc.constantFrom('id', 'draft', 'quantity', 'funnelId', 'email', 'rows', 'layouts', 'notes'), nasty, { maxKeys: 3 })),
            meta: fc.oneof(fc.constant(undefined), nasty),
          }),
        ),
        async (input) => {
          const before = await version();
          const isCall = typeof input === 'object' && input !== null && 'name' in input && 'args' in input && names.includes(String((input as { name: unknown }).name));
          const clientID = `fuzz-${n++}`;
          const body = isCall ? { clientID, mutations: [{ id: 1, ...(input as object) }] } : input;
          const response = await owner.post('/sync/push', body);
          const answer = expectJsonRefusal(response, 'push', ['clientID', 'mutations']) as PushResponse;
          if (response.statusCode === 200) {
            expect(answer.results).toHaveLength(isCall ? 1 : 0);
            for (const result of answer.results) {
              if (result.ok) continue;
              expect(result.error).toEqual(expect.any(String));
              // A refused call wrote nothing.
              expect(await version()).toBe(before);
            }
          } else expect(await version()).toBe(before);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  const ROUTES: { method: 'POST'; url: () => string; valid: () => Record<string, unknown>; signedIn: boolean; writes?: boolean }[] = [
    { method: 'POST', url: () => '/auth/signin', valid: () => ({ email: 'someone@acme.test', password: 'a-password-12' }), signedIn: false },
    { method: 'POST', url: () => '/auth/password', valid: () => ({ currentPassword: 'not-the-one-1', newPassword: 'another-one-12', confirmPassword: 'another-one-12' }), signedIn: true },
    { method: 'POST', url: () => '/auth/setup', valid: () => ({ token: 'A'.repeat(43), password: 'a-password-12', name: 'N', email: 'n@acme.test' }), signedIn: false },
    { method: 'POST', url: () => '/team/invitations', valid: () => ({ email: 'x@acme.test', role: 'Editor', permissions: USERS.editor.permissions }), signedIn: true, writes: true },
    { method: 'POST', url: () => `/invitations/${inviteToken}/accept`, valid: () => ({ name: 'Fuzz', password: 'p' }), signedIn: false, writes: true },
  ];

  it.each(ROUTES.map((r) => [r.url === ROUTES[4].url ? '/invitations/:token/accept' : r.url(), r] as const))('%s answers broken bodies with a JSON error, never a 500', async (_label, route) => {
    const before = await version();
    let wrote = 0;
    await fc.assert(
      fc.asyncProperty(broken(route.valid()), async (body) => {
        const client = route.signedIn ? owner : server.client();
        const response = await client.request(route.method, route.url(), body);
        expectJsonRefusal(response, route.url(), Object.keys(route.valid()));
        if (response.statusCode === 200) wrote++;
      }),
      { numRuns: RUNS },
    );
    // The owner's session and the invitation survive the fuzzing; only the routes marked `writes` may write.
    expect((await owner.get('/auth/session')).statusCode).toBe(200);
    if (!route.writes) expect(await version()).toBe(before);
    expect(wrote).toBeLessThanOrEqual(route.writes ? RUNS : 0);
  });

  it('names the field for a wrong type, a missing field and a too-long value', async () => {
    const wrongType = json(await server.client().post('/auth/signin', { email: 'a@b.test', password: 12345 }));
    expect(wrongType).toMatchObject({ field: 'password' });
    const push = json(await owner.post('/sync/push', { clientID: 'fuzz-x', mutations: [{ id: 'one', name: 'orders.saveNotes', args: {} }] }));
    expect(push).toMatchObject({ field: 'mutations.0.id', error: 'id must be a number' });
    const long = json(await owner.post('/team/invitations', { email: `${'x'.repeat(5000)}@acme.test`, role: 'Editor', permissions: USERS.editor.permissions }));
    expect(long).toMatchObject({ field: 'email' });
    const args = json<PushResponse>(await owner.post('/sync/push', { clientID: 'fuzz-y', mutations: [{ id: 1, name: 'orders.saveNotes', args: { id: 'ord_1', notes: 7 }, meta: { now: server.clock.now().toISOString(), idSeed: 'fz' } }] }));
    expect(args.results[0]).toMatchObject({ ok: false, error: expect.stringMatching(/notes/) });
  });

  it('refuses a 20 MB push with 413 and a JSON error, writing nothing', async () => {
    const before = await version();
    const huge = JSON.stringify({
      clientID: 'fuzz-huge',
      mutations: [{ id: 1, name: 'orders.saveNotes', args: { id: 'ord_1', notes: 'x'.repeat(20 * 1024 * 1024) }, meta: { now: server.clock.now().toISOString(), idSeed: 'huge' } }],
    });
    const response = await owner.post('/sync/push', huge);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(json(response)).toEqual({ error: 'Request body is too large', code: 'requestTooLarge' });
    expect(await version()).toBe(before);
  });
});
