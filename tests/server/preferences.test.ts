// A member's own language on a team server, over HTTP, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

describe.each(DB_KINDS)('member preferences on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("stores one member's language without changing another member's", async () => {
    const editor = await server.signIn('editor');
    const viewer = await server.signIn('viewer');
    expect(json(await editor.get('/auth/session')).language).toBeNull();
    const chosen = await editor.patch('/auth/me', { language: 'es' });
    expect(chosen.statusCode).toBe(200);
    expect(json(chosen)).toEqual({ language: 'es' });
    const changed = await viewer.patch('/auth/me', { language: 'fr' });
    expect(changed.statusCode).toBe(200);
    expect(json(await editor.get('/auth/session')).language).toBe('es');
    expect(json(await viewer.get('/auth/session')).language).toBe('fr');
    // The workspace's own Language (its Settings) is not touched by a member's choice.
    const { response: records } = await editor.records();
    expect(records.statusCode).toBe(200);
    expect(records.body).not.toContain('"language":"es"');
  });

  it('refuses a language that is not one of the three, naming the field, and keeps the choice', async () => {
    const editor = await server.signIn('editor');
    await editor.patch('/auth/me', { language: 'fr' });
    for (const body of [{ language: 'de' }, { language: 42 }, { language: 'ES ' }]) {
      const bad = await editor.patch('/auth/me', body);
      expect(bad.statusCode).toBe(400);
      expect(json(bad)).toEqual({ error: 'language must be one of en-US, es, fr', field: 'language' });
    }
    const missing = await editor.patch('/auth/me', {});
    expect(missing.statusCode).toBe(400);
    expect(json(missing)).toEqual({ error: 'language is required', field: 'language' });
    expect(json(await editor.get('/auth/session')).language).toBe('fr');
  });

  it('answers 401 when signed out', async () => {
    const response = await server.client().patch('/auth/me', { language: 'es' });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ error: 'Sign in to continue', code: 'signInToContinue' });
  });
});
