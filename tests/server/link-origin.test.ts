// Links nobody can redirect: every emailed or displayed link (password reset, invitation,
// outreach, creator portal, shop webhook address) starts with the server's one link origin,
// whatever Host, X-Forwarded-Host or Forwarded header a request carries, with TRUST_PROXY on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type DbKind, type TestServer } from './harness';
import { smtpReceiver, type Receiver } from './smtp';

const ATTACKER = 'attacker.example';
/** The forms of a forged host the attacker sends. */
const POISONED: Record<string, Record<string, string>> = {
  Host: { host: ATTACKER },
  'X-Forwarded-Host': { 'x-forwarded-host': ATTACKER, 'x-forwarded-proto': 'https' },
  Forwarded: { forwarded: `host=${ATTACKER};proto=https`, 'x-forwarded-host': `${ATTACKER}:443` },
};

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `lo${(seed++).toString(36)}` });
const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);

describe.each(DB_KINDS)('links from one origin on %s', (kind: DbKind) => {
  for (const [configured, expected] of [
    [undefined, 'http://localhost:4173'],
    ['https://cf.example.com', 'https://cf.example.com'],
  ] as const) {
    describe(configured ? 'with CREATORFLOW_PUBLIC_URL' : 'without a public URL (loopback default)', () => {
      let smtp: Receiver;
      let server: TestServer;
      beforeAll(async () => {
        smtp = await smtpReceiver();
        server = await startServer(kind, {
          trustProxy: true,
          ...(configured ? { publicOrigin: configured } : {}),
          limits: { perAddress: { max: 1000, windowMs: 60_000 } },
          mail: { settings: { smtpUrl: smtp.url, from: 'team@creatorflow.test', dir: '/nonexistent' }, deliverEveryMs: false },
        });
      });
      afterAll(async () => {
        await server?.close();
        await smtp?.close();
      });

      /** Every link in every message sent since `before`, and the messages' count. */
      const sentLinks = async (before: number) => {
        await server.app.mail!.deliverDue();
        const messages = smtp.received.slice(before);
        return { count: messages.length, links: messages.flatMap((m) => [...linksIn(m.mail.text ?? ''), ...linksIn(m.mail.html || '')]) };
      };
      const signedInWith = async (headers: Record<string, string>): Promise<Client> => {
        const client = server.client();
        const response = await client.post('/auth/signin', { email: USERS.owner.email, password: USERS.owner.password }, headers);
        expect(response.statusCode).toBe(200);
        return client;
      };

      it.each(Object.keys(POISONED))('a forged %s changes no link: reset, invitation, outreach, portal and shop addresses use the real origin', async (form) => {
        const headers = POISONED[form];
        const before = smtp.received.length;
        const forgot = await server.client().post('/auth/forgot', { email: USERS.owner.email }, headers);
        expect(forgot.statusCode).toBe(200);

        const owner = await signedInWith(headers);
        const invited = await owner.post('/team/invitations', { email: `poison-${kind}-${seed++}@example.com`, role: 'Viewer', permissions: USERS.viewer.permissions }, headers);
        expect(invited.statusCode).toBe(200);
        const { inviteUrl, emailSent } = json<{ inviteUrl: string; emailSent: boolean }>(invited);
        expect(emailSent).toBe(true);
        expect(new URL(inviteUrl).origin).toBe(expected);

        const push = await owner.post(
          '/sync/push',
          { clientID: `poison-${kind}-${seed++}`, mutations: [{ id: 1, name: 'funnels.sendOutreach', args: { funnelId: 'CR12349', message: 'Hello from the team', options: { advance: false } }, meta: meta() }] },
          headers,
        );
        expect(json<{ results: { ok: boolean }[] }>(push).results).toEqual([{ id: 1, ok: true }]);
        const resent = await owner.post('/portal-links/CR12349/send', {}, headers);
        expect(resent.statusCode).toBe(200);

        const copied = await owner.post('/portal-links/CR12349', {}, headers);
        expect(copied.statusCode).toBe(200);
        expect(new URL(json<{ url: string }>(copied).url).origin).toBe(expected);
        const shop = await owner.get('/integrations/shopify/connection', headers);
        expect(shop.statusCode).toBe(200);
        expect(new URL(json<{ webhookUrl: string }>(shop).webhookUrl).origin).toBe(expected);

        // The reset, the invitation, the outreach and its resend: four messages, each link at the real origin.
        const { count, links } = await sentLinks(before);
        expect(count).toBe(4);
        expect(links.filter((l) => l.includes('/reset-password?token='))).not.toHaveLength(0);
        expect(links.filter((l) => l.includes('/invite/'))).not.toHaveLength(0);
        // Two outreach messages, each with a fresh portal link.
        expect(new Set(links.filter((l) => /\/c\/[A-Za-z0-9_-]{43}$/.test(l)))).toHaveProperty('size', 2);
        for (const link of links) expect(new URL(link).origin).toBe(expected);
        expect(smtp.received.slice(before).map((m) => m.raw).join('\n')).not.toContain(ATTACKER);
      });
    });
  }

  it('without a public URL, a listening server links to http://localhost and the port it listens on', async () => {
    const smtp = await smtpReceiver();
    const server = await startServer(kind, { trustProxy: true, mail: { settings: { smtpUrl: smtp.url, from: 'team@creatorflow.test', dir: '/nonexistent' }, deliverEveryMs: false } });
    try {
      await server.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (server.app.server.address() as { port: number }).port;
      expect((await server.client().post('/auth/forgot', { email: USERS.owner.email }, POISONED.Host)).statusCode).toBe(200);
      await server.app.mail!.deliverDue();
      const links = linksIn(smtp.received.at(-1)?.mail.text ?? '');
      expect(links).not.toHaveLength(0);
      for (const link of links) expect(new URL(link).origin).toBe(`http://localhost:${port}`);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
