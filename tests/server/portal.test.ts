// The creator portal over real HTTP on PGlite and PostgreSQL: a link opens one funnel and
// nothing else, each answer runs as the creator on that funnel only, the team pulls it with
// the activity entry and notification, stock is never oversold when two creators pick the
// last unit at once, and wrong, ended or other funnels' links show nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalView } from '../../lib/domain/portal';
import type { ActivityEntry, AppNotification, Funnel, InventoryItem, Order } from '../../lib/domain/types';
import type { PullResponse } from '../../lib/sync/protocol';
import { SEED_TIME } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { USERS } from './fixture';

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `p${(seed++).toString(36)}` });
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

describe.each(DB_KINDS)('creator portal on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  const creator = () => server.client();

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await server?.close();
  });

  const pull = async () => json<PullResponse>(await owner.get('/sync/pull?since=0'));
  const recordOf = async <T>(collection: string, id: string) => (await pull()).records.find((r) => r.collection === collection && r.id === id)?.value as T | undefined;
  const push = async (name: string, args: unknown) => {
    const response = await owner.post('/sync/push', { clientID: `owner-${seed}`, mutations: [{ id: 1, name, args, meta: meta() }] });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  const linkFor = async (funnelId: string) => {
    const response = await owner.post(`/portal-links/${funnelId}`);
    expect(response.statusCode, response.body).toBe(200);
    const url = json<{ url: string }>(response).url;
    return /\/c\/([A-Za-z0-9_-]{43})$/.exec(url)![1];
  };
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const view = async (token: string) => creator().get('/portal/api/view', as(token));
  const answer = (token: string, name: string, args: Record<string, unknown> = {}) => creator().post('/portal/api/answer', { name, args }, as(token));

  it('opens only its own funnel: the campaign, brand, brief and what is asked next, nothing else of the workspace', async () => {
    const token = await linkFor('CR12348');
    const response = await view(token);
    expect(response.statusCode).toBe(200);
    const body = json<PortalView>(response);
    expect(body).toMatchObject({ creatorName: 'Alex Rivera', ask: 'confirm', engagementType: expect.any(String) });
    expect(body.brand).not.toBe('');
    // Other creators, members and orders are nowhere in the answer.
    for (const other of ['Sarah Johnson', 'Mike Chen', 'Emma Davis', 'ORD-', 'owner@', '@alexcooks']) expect(response.body).not.toContain(other);
  });

  it('confirms as the creator: the step completes, the team pulls the activity entry in the creator\'s name and a notification', async () => {
    const token = await linkFor('CR12348');
    const response = await answer(token, 'portal.confirm');
    expect(response.statusCode, response.body).toBe(200);
    expect(json<{ view: PortalView }>(response).view.ask).toBe('address');
    const records = (await pull()).records;
    const funnel = records.find((r) => r.collection === 'funnels' && r.id === 'CR12348')!.value as Funnel;
    expect(funnel.portal?.confirmedAt).toBe(server.clock.now().toISOString());
    expect(funnel.steps[0]).toMatchObject({ name: 'Creator Confirmation', completed: true });
    const entries = records.filter((r) => r.collection === 'activity').map((r) => r.value as ActivityEntry);
    expect(entries).toContainEqual(expect.objectContaining({ userName: 'Alex Rivera', details: 'Alex Rivera confirmed' }));
    const notes = records.filter((r) => r.collection === 'notifications').map((r) => r.value as AppNotification);
    expect(notes).toContainEqual(expect.objectContaining({ message: 'Alex Rivera confirmed', read: false }));
    // Answering twice is refused with the reason, and changes nothing.
    const again = await answer(token, 'portal.confirm');
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('You already confirmed this campaign');
  });

  it('refuses a bad address and a non-http link with a message naming the problem, and changes nothing', async () => {
    const token = await linkFor('CR12348');
    const before = await recordOf<Funnel>('funnels', 'CR12348');
    const bad = await answer(token, 'portal.saveAddress', { address: { ...ADDRESS, city: '  ' } });
    expect(bad.statusCode).toBe(409);
    expect(json(bad).error).toBe('Please enter the city');
    const link = await answer(token, 'portal.handInDeliverables', { links: [{ url: 'javascript:alert(1)', note: 'x' }] });
    expect(link.statusCode).toBe(409);
    expect(json(link).error).toBe('Link 1 must start with http:// or https://');
    // Each refusal names its field, for the portal to say it under that field.
    expect(json(bad).field).toBe('city');
    expect(json(link).field).toBe('links.0.url');
    const second = await answer(token, 'portal.handInDeliverables', { links: [{ url: 'https://ok.test/a', note: '' }, { url: 'nope', note: '' }] });
    expect(json(second)).toMatchObject({ error: 'Link 2 must start with http:// or https://', field: 'links.1.url' });
    const malformed = await answer(token, 'portal.saveAddress', { address: 'nowhere' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed).error).toMatch(/address/);
    expect(await recordOf<Funnel>('funnels', 'CR12348')).toEqual(before);
  });

  it('runs only portal answers, only on the link\'s own funnel', async () => {
    const token = await linkFor('CR12348');
    const staffWrite = await answer(token, 'inventory.setQuantity', { id: 'x', quantity: 0 });
    expect(staffWrite.statusCode).toBe(400);
    // Naming another funnel changes nothing there: the link's funnel is the one answered.
    const before = await recordOf<Funnel>('funnels', 'CR12346');
    await answer(token, 'portal.acknowledgeBrief', { funnelId: 'CR12346' });
    expect(await recordOf<Funnel>('funnels', 'CR12346')).toEqual(before);
    expect((await recordOf<Funnel>('funnels', 'CR12348'))?.portal?.briefAcknowledgedAt).toBeTruthy();
  });

  it('never oversells: two creators picking the last unit at once get one order between them', async () => {
    const { records } = await pull();
    const item = records.find((r) => r.collection === 'inventory' && (r.value as InventoryItem).quantity > 0)!.value as InventoryItem;
    await push('inventory.setQuantity', { id: item.id, quantity: 1 });
    const tokens: string[] = [];
    for (const funnelId of ['CR12346', 'CR12349']) {
      await push('funnels.setGiftAllowance', { funnelId, maxItems: 2, maxValue: 100 });
      const token = await linkFor(funnelId);
      expect((await answer(token, 'portal.confirm')).statusCode).toBe(200);
      expect((await answer(token, 'portal.saveAddress', { address: ADDRESS })).statusCode).toBe(200);
      tokens.push(token);
    }
    const picks = await Promise.all(tokens.map((token) => answer(token, 'portal.chooseProducts', { productIds: [item.id] })));
    expect(picks.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(json(picks.find((r) => r.statusCode === 409)!)).toMatchObject({ error: `${item.name} is no longer in stock`, field: 'productIds' });
    const after = await pull();
    expect((after.records.find((r) => r.collection === 'inventory' && r.id === item.id)!.value as InventoryItem).quantity).toBe(0);
    const giftOrders = after.records.filter((r) => r.collection === 'orders' && (r.value as Order).items.some((i) => i.productId === item.id) && (r.value as Order).source === 'Creator portal');
    expect(giftOrders).toHaveLength(1);
    expect(giftOrders[0].value).toMatchObject({ status: 'New', stockDeducted: true, shippingAddress: ADDRESS });
  });

  it('a new address reaches the gift order while it is New, and the team is told; from Processing a change is refused and nothing changes', async () => {
    const { records } = await pull();
    const item = records.find((r) => r.collection === 'inventory' && (r.value as InventoryItem).quantity > 2)!.value as InventoryItem;
    await push('funnels.setGiftAllowance', { funnelId: 'CR12350', maxItems: 1, maxValue: 100 });
    const token = await linkFor('CR12350');
    expect((await answer(token, 'portal.confirm')).statusCode).toBe(200);
    expect((await answer(token, 'portal.saveAddress', { address: ADDRESS })).statusCode).toBe(200);
    const chosen = await answer(token, 'portal.chooseProducts', { productIds: [item.id] });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const orderId = json<{ view: PortalView }>(chosen).view.answers.orderId!;
    const DENVER = { line1: '9 Elm St', city: 'Denver', state: 'CO', postalCode: '80202', country: 'US' };
    // The page cannot name another order: the server takes the funnel's own.
    const moved = await answer(token, 'portal.saveAddress', { address: DENVER, orderId: 'ord_someone_else' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await recordOf<Order>('orders', orderId)).toMatchObject({ status: 'New', shippingAddress: DENVER });
    const notes = (await pull()).records.filter((r) => r.collection === 'notifications').map((r) => (r.value as AppNotification).message);
    expect(notes.some((m) => /changed the shipping address; order .+ now ships to Denver/.test(m))).toBe(true);

    await push('orders.changeStatus', { id: orderId, status: 'Processing' });
    const funnelBefore = await recordOf<Funnel>('funnels', 'CR12350');
    const refused = await answer(token, 'portal.saveAddress', { address: ADDRESS });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe('Your order is already being prepared, so its address can no longer change here. Please contact the brand.');
    expect(await recordOf<Order>('orders', orderId)).toMatchObject({ status: 'Processing', shippingAddress: DENVER });
    expect(await recordOf<Funnel>('funnels', 'CR12350')).toEqual(funnelBefore);
  });

  it('a wrong, malformed or ended link shows the same plain page and answers nothing', async () => {
    const token = await linkFor('CR12350');
    expect((await view(token)).statusCode).toBe(200);
    const rotated = await owner.post('/portal-links/CR12350/rotate');
    expect(rotated.statusCode).toBe(200);
    const wrong = 'A'.repeat(43);
    const pages = await Promise.all([token, wrong, 'short'].map((t) => creator().get(`/c/${t}`)));
    const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/, '');
    for (const page of pages) {
      expect(page.statusCode).toBe(404);
      expect(withoutNonce(page.body)).toBe(withoutNonce(pages[0].body));
      expect(page.body).toContain("This link doesn&#39;t work");
      expect(page.body).not.toMatch(/Jordan|Acme|CR12350/);
    }
    for (const t of [token, wrong]) {
      expect((await view(t)).statusCode).toBe(404);
      expect((await answer(t, 'portal.confirm')).statusCode).toBe(404);
    }
    expect((await creator().get('/portal/api/view')).statusCode).toBe(404);
  });

  it('opting out keeps the link read only: the page still shows what was handed in, takes no answer, and staff cannot mint a new link', async () => {
    const token = await linkFor('CR12347');
    expect((await answer(token, 'portal.confirm')).statusCode).toBe(200);
    expect((await answer(token, 'portal.saveAddress', { address: ADDRESS })).statusCode).toBe(200);
    const optedOut = await answer(token, 'portal.optOut');
    expect(optedOut.statusCode, optedOut.body).toBe(200);
    expect(json<{ view: PortalView }>(optedOut).view.answers).toMatchObject({ optedOutAt: expect.any(String), address: ADDRESS });
    const read = await view(token);
    expect(read.statusCode).toBe(200);
    expect(json<PortalView>(read).answers).toMatchObject({ optedOutAt: expect.any(String), address: { city: 'Austin' } });
    const before = await recordOf<Funnel>('funnels', 'CR12347');
    const refused = await answer(token, 'portal.saveAddress', { address: { ...ADDRESS, city: 'Denver' } });
    expect(refused.statusCode).toBe(409);
    expect(json(refused).error).toBe('You stopped emails for this campaign: this page now only shows what you handed in');
    expect(await recordOf<Funnel>('funnels', 'CR12347')).toEqual(before);
    // The page's language may still change.
    expect((await answer(token, 'portal.setLanguage', { language: 'es' })).statusCode).toBe(200);
    expect((await owner.post('/portal-links/CR12347')).statusCode).toBe(409);
    const created = await push('funnels.create', {
      draft: { name: 'Only Acme', handle: '@onlyacme', email: 'only@acme.test', platform: 'Instagram', followers: '1000', engagementRate: '3', category: 'Creator', avatar: '', objective: 'Launch', value: '100', startDate: '2026-03-10', dueDate: '2026-04-10', assignedTo: 'Alex Morgan', contentType: 'Reel', count: '1', deliverableDueDate: '2026-04-01', notes: '' },
    });
    expect(created.statusCode).toBe(200);
    const acmeOnly = (await pull()).records.find((r) => r.collection === 'funnels' && (r.value as Funnel).creatorName === 'Only Acme')!.id;
    const globex = await server.signIn('globexOwner');
    expect((await globex.post(`/portal-links/${acmeOnly}`)).statusCode).toBe(404);
    expect((await server.client().post('/portal-links/CR12345')).statusCode).toBe(401);
  });

  it('limits requests per link', async () => {
    const token = await linkFor('CR12345');
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await view(token)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('Send Outreach queues an email to the creator: the message, from the member, Reply-To the member, with a working portal link, in the creator\'s language', async () => {
    const outbox = () => server.db.handle.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.template, 'outreach'));
    const before = (await outbox()).length;
    await push('funnels.sendOutreach', { funnelId: 'CR12346', message: 'Hi Mike, your campaign is ready.', options: { advance: false } });
    const [mail] = (await outbox()).slice(before);
    expect(mail).toMatchObject({ toAddress: 'mikechentech@example.com', replyTo: USERS.owner.email, fromName: USERS.owner.name, language: 'en-US' });
    expect(mail.params).toMatchObject({ message: 'Hi Mike, your campaign is ready.', senderName: USERS.owner.name });
    const token = /\/c\/([A-Za-z0-9_-]{43})$/.exec(String(mail.params.portalUrl))![1];
    expect(json<PortalView>(await view(token)).creatorName).toBe('Mike Chen');

    // The creator reads French: the next outreach is written in French.
    expect((await answer(token, 'portal.setLanguage', { language: 'fr' })).statusCode).toBe(200);
    await push('funnels.sendOutreach', { funnelId: 'CR12346', message: 'Encore', options: { advance: false } });
    expect((await outbox()).at(-1)).toMatchObject({ language: 'fr' });

    // A refused outreach (a Viewer's) queues nothing.
    const viewer = await server.signIn('viewer');
    const count = (await outbox()).length;
    await viewer.post('/sync/push', { clientID: 'viewer-1', mutations: [{ id: 1, name: 'funnels.sendOutreach', args: { funnelId: 'CR12346', message: 'x' }, meta: meta() }] });
    expect(await outbox()).toHaveLength(count);

    // Resend link: the latest message again with a fresh link; never for a Viewer, an opted-out creator or one never written to.
    expect((await viewer.post('/portal-links/CR12346/send')).statusCode).toBe(403);
    const resent = await owner.post('/portal-links/CR12346/send');
    expect(resent.statusCode, resent.body).toBe(200);
    const again = (await outbox()).at(-1)!;
    expect(again).toMatchObject({ toAddress: 'mikechentech@example.com', language: 'fr', params: { message: 'Encore' } });
    expect(again.params.portalUrl).not.toBe(mail.params.portalUrl);
    expect(json((await owner.post('/portal-links/CR12347/send'))).error).toBe('This creator opted out of email and their portal');
    expect(json((await owner.post('/portal-links/CR12350/send'))).error).toBe('Send outreach first: there is no message to send again');
  });

  it('a creator\'s answer that moves the funnel on sends funnel.status.updated to subscribed endpoints', async () => {
    const db = server.db.handle.db;
    await db.insert(t.webhookEndpoints).values({
      id: 'we_portal',
      workspaceId: 'acme',
      url: 'https://hooks.example.test/portal',
      events: ['funnel.status.updated'],
      secret: 'whsec_dGVzdA==',
      createdBy: 'test',
      createdAt: SEED_TIME,
    });
    await push('funnels.create', {
      draft: { name: 'Webhook Creator', handle: '@hooked', email: 'hooked@acme.test', platform: 'Instagram', followers: '1000', engagementRate: '3', category: 'Creator', avatar: '', objective: 'Launch', value: '100', startDate: '2026-03-10', dueDate: '2026-04-10', assignedTo: 'Alex Morgan', contentType: 'Reel', count: '1', deliverableDueDate: '2026-04-01', notes: '' },
    });
    const funnelId = (await pull()).records.find((r) => r.collection === 'funnels' && (r.value as Funnel).creatorName === 'Webhook Creator')!.id;
    expect((await answer(await linkFor(funnelId), 'portal.confirm')).statusCode).toBe(200);
    const deliveries = await db.select().from(t.webhookDeliveries).where(eq(t.webhookDeliveries.endpointId, 'we_portal'));
    expect(deliveries.map((d) => d.eventType)).toEqual(['funnel.status.updated']);
    expect(deliveries[0].payload).toMatchObject({ data: { funnel: { id: funnelId, status: 'Confirmation' } } });
  });

  it('declining notes it on the funnel, tells the team, and asks nothing more', async () => {
    const token = await linkFor('CR12345');
    const declined = await answer(token, 'portal.decline');
    expect(declined.statusCode, declined.body).toBe(200);
    expect(json<{ view: PortalView }>(declined).view).toMatchObject({ ask: 'declined', answers: { declinedAt: server.clock.now().toISOString() } });
    const records = (await pull()).records;
    expect(records.find((r) => r.collection === 'funnels' && r.id === 'CR12345')!.value).toMatchObject({ activity: 'Paused', portal: { declinedAt: expect.any(String) } });
    expect(records.filter((r) => r.collection === 'notifications').map((r) => r.value)).toContainEqual(expect.objectContaining({ title: 'Sarah Johnson: Creator declined', message: 'Sarah Johnson declined' }));
    const after = await answer(token, 'portal.saveAddress', { address: ADDRESS });
    expect(json(after).error).toBe('You declined this campaign');
    // A change of mind while the funnel is open: the decline is withdrawn, the funnel taken off pause.
    const changed = await answer(token, 'portal.confirm');
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<{ view: PortalView }>(changed).view).toMatchObject({ ask: 'address', answers: { confirmedAt: expect.any(String) } });
    expect(json<{ view: PortalView }>(changed).view.answers.declinedAt).toBeUndefined();
    expect(await recordOf<Funnel>('funnels', 'CR12345')).toMatchObject({ activity: 'Active', portal: { confirmedAt: expect.any(String) } });
  });

  it('never writes a token into a log line', async () => {
    const token = await linkFor('CR12345');
    await creator().get(`/c/${token}`);
    expect(server.logs.join('\n')).not.toContain(token);
  });
});
