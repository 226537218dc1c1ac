// Commission over HTTP on PGlite and PostgreSQL: who may set terms and mark payments (a Viewer
// neither, an Editor terms only), payments synced to the team with their activity entry, and
// the creator portal's figures counted for its own funnel only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalView } from '../../lib/domain/portal';
import type { ActivityEntry, CreatorPayment, Funnel } from '../../lib/domain/types';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { SEED_TIME } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `cm${(seed++).toString(36)}` });
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

describe.each(DB_KINDS)('commission on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let editor: Client;
  let viewer: Client;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
    [owner, editor, viewer] = await Promise.all([server.signIn('owner'), server.signIn('editor'), server.signIn('viewer')]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const push = async (who: Client, name: string, args: unknown) => {
    const response = await who.post('/sync/push', { clientID: `c-${seed}`, mutations: [{ id: 1, name, args, meta: meta() }] });
    expect(response.statusCode, response.body).toBe(200);
    return json<PushResponse>(response).results[0];
  };
  const pull = async () => json<PullResponse>(await owner.get('/sync/pull?since=0'));
  const funnel = async (id: string) => (await pull()).records.find((r) => r.collection === 'funnels' && r.id === id)?.value as Funnel;
  /** Sarah's payments (the sample holds one for another creator). */
  const payments = async () => (await pull()).records.filter((r) => r.collection === 'payments').map((r) => r.value as CreatorPayment).filter((p) => p.funnelId === 'CR12345');
  const sale = (code: string, price: number) =>
    push(owner, 'orders.create', {
      draft: { source: 'API', customerName: 'Pat Lee', customerEmail: 'pat@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1, price }] },
      attribution: { code },
    });
  const portalOf = async (funnelId: string) => {
    const link = json<{ url: string }>(await owner.post(`/portal-links/${funnelId}`)).url;
    const token = /\/c\/([A-Za-z0-9_-]{43})$/.exec(link)![1];
    const response = await server.client().get('/portal/api/view', { authorization: `Bearer ${token}` });
    expect(response.statusCode, response.body).toBe(200);
    return { response, view: json<PortalView>(response) };
  };

  it('a Viewer can neither edit the terms nor mark a payment, and nothing changes', async () => {
    const before = await funnel('CR12345');
    expect(await push(viewer, 'funnels.setCommissionTerms', { funnelId: 'CR12345', commissionPercent: 50, flatFee: 1 })).toMatchObject({ ok: false, status: 403 });
    expect(await push(viewer, 'payments.record', { funnelId: 'CR12345', paidOn: '2026-03-01', amount: 10, reference: 'V-1' })).toMatchObject({ ok: false, status: 403 });
    expect(await funnel('CR12345')).toEqual(before);
    expect(await payments()).toEqual([]);
  });

  it('an Editor sets the terms (validated), but only an Admin marks a payment', async () => {
    expect(await push(editor, 'funnels.setCommissionTerms', { funnelId: 'CR12345', commissionPercent: 100.5, flatFee: null })).toMatchObject({
      ok: false,
      error: 'Commission is a percentage from 0 to 100, to 2 decimals',
    });
    expect(await push(editor, 'funnels.setCommissionTerms', { funnelId: 'CR12345', commissionPercent: 12.5, flatFee: 100 })).toMatchObject({ ok: true });
    expect(await funnel('CR12345')).toMatchObject({ commissionPercent: 12.5, flatFee: 100 });
    expect(await push(editor, 'payments.record', { funnelId: 'CR12345', paidOn: '2026-03-01', amount: 10, reference: 'E-1' })).toMatchObject({
      ok: false,
      status: 403,
      error: 'Only Admins can mark a payment to a creator',
    });
    expect(await payments()).toEqual([]);
  });

  it('an Admin marks a payment: the team pulls it, with an activity entry', async () => {
    expect(await push(owner, 'payments.record', { funnelId: 'CR12345', paidOn: '2026-03-01', amount: 40, reference: 'WIRE-1' })).toMatchObject({ ok: true });
    expect(await payments()).toEqual([expect.objectContaining({ funnelId: 'CR12345', paidOn: '2026-03-01', amount: 40, reference: 'WIRE-1', recordedBy: 'Alex Morgan' })]);
    const entries = (await pull()).records.filter((r) => r.collection === 'activity').map((r) => r.value as ActivityEntry);
    expect(entries).toContainEqual(expect.objectContaining({ action: 'Payment recorded', details: 'Sarah Johnson: $40.00 paid on 2026-03-01, reference WIRE-1' }));
    // The Viewer's own pull holds it too (payments sync like other records).
    const seen = json<PullResponse>(await viewer.get('/sync/pull?since=0')).records.filter((r) => r.collection === 'payments' && (r.value as CreatorPayment).funnelId === 'CR12345');
    expect(seen).toHaveLength(1);
  });

  it('the portal shows its own funnel’s code, link, clicks, orders and commission, and no other funnel’s', async () => {
    // Sarah: two sales and two clicks. Mike: a larger sale and a click that must not reach Sarah's page.
    expect(await sale('SARAHJSTYLE', 80)).toMatchObject({ ok: true });
    expect(await sale('sarahjstyle', 40)).toMatchObject({ ok: true });
    expect(await sale('MIKECHENTECH', 999)).toMatchObject({ ok: true });
    for (const path of ['/r/SARAHJSTYLE?w=acme', '/r/SARAHJSTYLE?w=acme', '/r/MIKECHENTECH?w=acme']) expect((await server.client().get(path)).statusCode).toBeLessThan(400);

    const { response, view } = await portalOf('CR12345');
    expect(view.results).toMatchObject({ code: 'SARAHJSTYLE', link: expect.stringMatching(/\/r\/SARAHJSTYLE\?w=acme$/) });
    // 12.5% of 120.00 = 15.00, plus the 100.00 flat fee (the engagement started before this month).
    expect(view.results?.total).toEqual({ clicks: 2, orders: 2, earned: 115 });
    expect(view.results?.thisMonth).toEqual({ clicks: 2, orders: 2, earned: 15 });
    expect(response.body).not.toContain('999');
    expect(response.body).not.toContain('MIKECHENTECH');

    const mike = await portalOf('CR12346');
    expect(mike.view.results).toMatchObject({ code: 'MIKECHENTECH', total: { clicks: 1, orders: 1, earned: 0 } });
    expect(mike.response.body).not.toContain('SARAHJSTYLE');
  });
});
