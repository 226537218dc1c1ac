// Outreach says what really happened: a message to a creator who opted out is refused, one to
// a creator without an address is kept without claiming a send, and the email's state (queued,
// sent, failed) is what the message and its activity entry show.
import { describe, expect, it } from 'vitest';
import { failedOutreach, outreachEmailBlock, retryOutreach, sendOutreach, setOutreachDelivery, OPTED_OUT_CODE } from '../../lib/domain/funnels';
import { outreachLogEntry } from '../../lib/mutators/funnels';
import { englishOf } from '../../lib/domain/messages';
import type { Funnel } from '../../lib/domain/types';
import { createStore } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { sampleFunnels } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const alex = sampleFunnels(now).find((f) => f.id === 'CR12348')!;
const optedOut: Funnel = { ...alex, portal: { ...alex.portal, optedOutAt: now.toISOString() } };
const noEmail: Funnel = { ...alex, email: '' };

describe('outreach email rules', () => {
  it('tells an opted-out creator and a creator without an address apart', () => {
    expect(outreachEmailBlock(alex)).toBeNull();
    expect(outreachEmailBlock(optedOut)).toBe('optedOut');
    expect(outreachEmailBlock(noEmail)).toBe('noEmail');
    expect(outreachEmailBlock({ ...alex, email: 'not-an-address' })).toBe('noEmail');
  });

  it('refuses outreach to a creator who opted out, with its code', () => {
    const result = sendOutreach(optedOut, 'Hi', 'Alex Morgan', now, 'msg_1');
    expect(result).toMatchObject({ ok: false, code: OPTED_OUT_CODE, error: `${alex.creatorHandle} opted out of email: outreach cannot be sent` });
  });

  it('queues the email of a creator with an address, and says queued, not sent', () => {
    const result = sendOutreach(alex, 'Hi', 'Alex Morgan', now, 'msg_1');
    if (!result.ok) throw new Error(result.error);
    expect(result.value.outreach?.at(-1)).toMatchObject({ id: 'msg_1', delivery: { status: 'queued' } });
    expect(result.message).toBe(`Email to ${alex.creatorHandle} queued`);
  });

  it('keeps the message of a creator without an address, and says nothing was sent', () => {
    const result = sendOutreach(noEmail, 'Hi', 'Alex Morgan', now, 'msg_1');
    if (!result.ok) throw new Error(result.error);
    expect(result.value.outreach?.at(-1)?.delivery).toBeUndefined();
    expect(result.message).toContain('nothing was sent');
    const entry = outreachLogEntry(noEmail, result.value.outreach!.at(-1)!);
    expect(englishOf(entry.action)).toBe('Outreach kept in history');
    expect(entry.status).toBe('warning');
  });

  it('the log entry follows the email: queued, sent, failed with its reason, given up', () => {
    const sent = sendOutreach(alex, 'Hi', 'Alex Morgan', now, 'msg_1');
    if (!sent.ok) throw new Error(sent.error);
    const queued = sent.value.outreach!.at(-1)!;
    expect(outreachLogEntry(alex, queued)).toMatchObject({ status: 'queued' });
    expect(englishOf(outreachLogEntry(alex, queued).details)).toBe(`Email to ${alex.creatorHandle} queued: Hi`);
    const delivered = outreachLogEntry(alex, { ...queued, delivery: { status: 'sent', at: now.toISOString() } });
    expect([englishOf(delivered.action), delivered.status]).toEqual(['Outreach sent', 'success']);
    const failed = outreachLogEntry(alex, { ...queued, delivery: { status: 'failed', reason: '550 Mailbox unavailable', at: now.toISOString() } });
    expect([englishOf(failed.action), englishOf(failed.details), failed.status]).toEqual(['Outreach email failed', `Email to ${alex.creatorHandle} failed: 550 Mailbox unavailable`, 'warning']);
    const givenUp = outreachLogEntry(alex, { ...queued, delivery: { status: 'failed', reason: 'x', givenUp: true, at: now.toISOString() } });
    expect([englishOf(givenUp.action), givenUp.status]).toEqual(['Outreach email not delivered', 'error']);
  });

  it('shows the latest failed email with Retry, and retries only a failed one', () => {
    const sent = sendOutreach(alex, 'Hi', 'Alex Morgan', now, 'msg_1');
    if (!sent.ok) throw new Error(sent.error);
    expect(failedOutreach(sent.value)).toBeNull();
    expect(retryOutreach(sent.value, 'msg_1', now)).toMatchObject({ ok: false, error: 'Only a failed email can be sent again' });
    const failed = setOutreachDelivery(sent.value, 'msg_1', { status: 'failed', reason: 'refused', at: now.toISOString() });
    if (!failed.ok) throw new Error(failed.error);
    expect(failedOutreach(failed.value)?.id).toBe('msg_1');
    const retried = retryOutreach(failed.value, 'msg_1', now);
    expect(retried.ok && retried.value.outreach?.at(-1)?.delivery?.status).toBe('queued');
    expect(retryOutreach({ ...failed.value, portal: { optedOutAt: now.toISOString() } }, 'msg_1', now)).toMatchObject({ ok: false, code: OPTED_OUT_CODE });
    expect(retryOutreach(failed.value, 'msg_gone', now)).toMatchObject({ ok: false, error: 'This message no longer exists' });
  });
});

describe('outreach in the store', () => {
  it('logs a queued entry (never "sent") and no entry at all for an opted-out creator', async () => {
    const store = createStore({ storage: createMemoryStorage(), now: () => now });
    await store.loaded;
    const result = store.funnels.sendOutreach('CR12348', 'Hello');
    expect(result).toMatchObject({ ok: true, message: `Email to ${alex.creatorHandle} queued` });
    const [entry] = store.admin.activity.items.value;
    expect(entry).toMatchObject({ action: 'Outreach email queued', status: 'queued', metadata: { funnelId: 'CR12348' } });
    expect(store.funnels.items.get('CR12348')?.outreach?.at(-1)?.delivery).toMatchObject({ status: 'queued', activityId: entry.id });
    store.rebase([{ collection: 'funnels', id: 'CR12348', value: optedOut }], []);
    const count = store.admin.activity.items.value.length;
    expect(store.funnels.sendOutreach('CR12348', 'Again')).toMatchObject({ ok: false, error: `${alex.creatorHandle} opted out of email: outreach cannot be sent` });
    expect(store.admin.activity.items.value).toHaveLength(count);
  });
});
