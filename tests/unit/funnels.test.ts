import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addTag,
  applyDashboardFilter,
  buildStepsFromStatus,
  checkImageFile,
  daysLeft,
  filterFunnels,
  nextFunnelId,
  performanceKpis,
  DASHBOARD_PERIOD,
  ratingFromRoi,
  progressPercentage,
  progressStepIndex,
  saveStep,
  sendOutreach,
  statusIndex,
  statusNotificationText,
} from '../../lib/domain/funnels';
import { analyticsSummary, periodDays } from '../../lib/domain/analytics';
import { shiftMonth } from '../../lib/domain/commission';
import { NO_RESULTS, type PeriodTotals, type Results } from '../../lib/domain/results';
import { FUNNEL_STATUSES, type Funnel, type FunnelStatus } from '../../lib/domain/types';
import { createStore } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { sampleFunnels } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const funnels = sampleFunnels(now);
const byId = (id: string) => funnels.find((f) => f.id === id)!;
const draftOf = (f: Funnel, i: number) => ({ name: f.steps[i].name, description: f.steps[i].description });

describe('progressStepIndex (spec §4 progress)', () => {
  const step = (completed: boolean, current: boolean) => ({ name: 'Step', description: '', completed, current });
  it('counts the current step, else the last completed one, else the first', () => {
    expect(progressStepIndex([step(true, false), step(false, true), step(false, false)])).toBe(1);
    expect(progressStepIndex([step(true, false), step(true, false), step(false, false)])).toBe(1);
    expect(progressStepIndex([step(false, false), step(false, false)])).toBe(0);
  });
});

describe('saveStep (spec §4)', () => {
  it('sets name, description and completed on the step, without advancing when S is not past the status', () => {
    const sarah = byId('CR12345'); // Production, index 3
    const result = saveStep(sarah, 1, { name: ' Ship kit ', description: 'Two boxes' }, now);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.advanced).toBe(false);
    expect(result.value.funnel.status).toBe('Production');
    expect(result.value.funnel.steps[1]).toMatchObject({ name: 'Ship kit', description: 'Two boxes', completed: true });
    expect(result.value.notifications).toEqual([]);
    expect(result.messages).toEqual([]);
  });

  it('completing the current step without advancing moves "current" to the next step: no step is both completed and current', () => {
    const mike = byId('CR12346'); // Confirmation, index 1: step 1 is current
    expect(mike.steps[1].current).toBe(true);
    const result = saveStep(mike, 1, draftOf(mike, 1), now);
    if (!result.ok) throw new Error(result.error);
    const { funnel } = result.value;
    expect(result.value.advanced).toBe(false);
    expect(funnel.status).toBe('Confirmation');
    expect(funnel.steps.map((s) => s.current)).toEqual([false, false, true, false, false, false, false]);
    expect(funnel.steps.filter((s) => s.completed && s.current)).toEqual([]);
    // The last step completed: none is current, and progress is whole.
    const last = mike.steps.length - 1;
    const atEnd = { ...mike, steps: mike.steps.map((s, i) => ({ ...s, completed: i < last, current: i === last })) };
    const done = saveStep(atEnd, last, draftOf(atEnd, last), now);
    if (!done.ok) throw new Error(done.error);
    expect(done.value.funnel.steps.some((s) => s.current)).toBe(false);
    expect(done.value.funnel.progressPercentage).toBe(100);
  });

  it('advances to the next status when S is greater than the status index: steps up to S completed, S+1 current', () => {
    const mike = byId('CR12346'); // Confirmation, index 1
    const result = saveStep(mike, 3, draftOf(mike, 3), now);
    if (!result.ok) throw new Error(result.error);
    const { funnel } = result.value;
    expect(funnel.status).toBe('Contract');
    expect(funnel.steps.slice(0, 4).every((s) => s.completed)).toBe(true);
    expect(funnel.steps.map((s) => s.current)).toEqual([false, false, false, false, true, false, false]);
    expect(funnel.progressPercentage).toBe(Math.round((5 / 7) * 100));
    expect(funnel.lastUpdated).toBe(now.toISOString());
  });

  it('sends e-mail only for other statuses, with the "Status updated" text', () => {
    const mike = byId('CR12346');
    const result = saveStep(mike, 2, draftOf(mike, 2), now);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.notifications).toEqual([
      {
        channel: 'email',
        to: '@mikechentech',
        title: 'Mike Chen: Contract',
        message: 'Status updated to Contract for Mike Chen.',
        // The same words as messages, for each reader's language.
        said: {
          title: { key: 'notifications.statusTitle', values: { name: 'Mike Chen', status: { key: 'creator.status.Contract' } } },
          message: { key: 'domain.funnels.notifyStatus', values: { status: 'Contract', creator: 'Mike Chen' } },
        },
      },
    ]);
    expect(result.messages).toEqual(['Mike Chen moved to Contract']);
  });

  it('makes one team notification when the new status is Production or Shipped, with the spec texts, and no SMS', () => {
    const priya = byId('CR12349'); // Contract
    const toProduction = saveStep(priya, 3, draftOf(priya, 3), now);
    if (!toProduction.ok) throw new Error(toProduction.error);
    expect(toProduction.value.funnel.status).toBe('Production');
    expect(toProduction.value.notifications.map((n) => n.message)).toEqual([
      'Priya Patel has started content production. Review timeline updated.',
    ]);
    expect(toProduction.messages).toEqual(['Priya Patel moved to Production']);
    const toShipped = saveStep(toProduction.value.funnel, 4, draftOf(priya, 4), now);
    if (!toShipped.ok) throw new Error(toShipped.error);
    expect(toShipped.value.funnel.status).toBe('Shipped');
    expect(toShipped.value.notifications[0].message).toBe('Product has been shipped to Priya Patel. Tracking information sent.');
    expect(toShipped.value.notifications.map((n) => n.channel)).toEqual(['email']);
  });

  it('uses the spec texts for every status', () => {
    expect(statusNotificationText('Brief', 'Ann')).toBe('Creative brief has been sent to Ann. Awaiting confirmation.');
    expect(statusNotificationText('Confirmation', 'Ann')).toBe('Status updated to Confirmation for Ann.');
  });

  it('keeps Shipped at the last status: steps move on, nothing is sent', () => {
    const emma = byId('CR12347'); // Shipped, index 4
    const result = saveStep(emma, 5, draftOf(emma, 5), now);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.funnel.status).toBe('Shipped');
    expect(result.value.funnel.steps[6].current).toBe(true);
    expect(result.value.notifications).toEqual([]);
  });

  it('refuses an empty name or an unknown step and changes nothing', () => {
    const alex = byId('CR12348');
    expect(saveStep(alex, 2, { name: '   ', description: '' }, now)).toMatchObject({ ok: false, error: 'Step name cannot be empty' });
    expect(saveStep(alex, 99, { name: 'x', description: '' }, now).ok).toBe(false);
  });
});

describe('other funnel rules (spec §4)', () => {
  it('sample steps: before the status index completed, the one at it current', () => {
    const steps = buildStepsFromStatus('Contract');
    expect(steps.map((s) => [s.completed, s.current])).toEqual([
      [true, false], [true, false], [false, true], [false, false], [false, false], [false, false], [false, false],
    ]);
  });

  it('outreach moves a funnel at Brief to Confirmation, its steps following, and keeps the message, even an empty one', () => {
    const alex = byId('CR12348');
    const result = sendOutreach(alex, '', 'Alex Morgan', now, 'msg1');
    expect(result).toMatchObject({ ok: true, value: { status: 'Confirmation', outreach: [{ id: 'msg1', message: '', sentBy: 'Alex Morgan' }] } });
    const after = result.ok ? result.value : alex;
    expect(after.steps).toEqual(buildStepsFromStatus('Confirmation'));
    expect(after.progressPercentage).toBe(progressPercentage(buildStepsFromStatus('Confirmation')));
  });

  it('outreach never moves a funnel further along backwards: Production stays Production, steps untouched', () => {
    const sarah = byId('CR12345');
    const result = sendOutreach(sarah, 'Checking in', 'Alex Morgan', now, 'msg2');
    expect(result).toMatchObject({ ok: true, value: { status: 'Production', steps: sarah.steps, progressPercentage: sarah.progressPercentage } });
    expect(result.ok && result.value.outreach?.at(-1)?.message).toBe('Checking in');
  });

  it('outreach from the creator screen (advance: false) records the message and changes no status', () => {
    const alex = byId('CR12348');
    const result = sendOutreach(alex, 'Hello', 'Alex Morgan', now, 'msg3', { advance: false });
    expect(result).toMatchObject({ ok: true, value: { status: 'Brief', steps: alex.steps, outreach: [{ message: 'Hello' }] } });
  });

  it('status and step progress never contradict each other, whatever mix of step saves and outreach (property)', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('step' as const), index: fc.integer({ min: 0, max: 6 }) }),
      fc.record({ kind: fc.constant('outreach' as const), advance: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...FUNNEL_STATUSES), fc.array(action, { maxLength: 12 }), (start, actions) => {
        let funnel: Funnel = { ...byId('CR12345'), status: start, steps: buildStepsFromStatus(start) };
        funnel = { ...funnel, progressPercentage: progressPercentage(funnel.steps) };
        for (const a of actions) {
          const result =
            a.kind === 'step'
              ? saveStep(funnel, a.index, draftOf(funnel, a.index), now)
              : sendOutreach(funnel, 'Hi', 'Alex Morgan', now, 'm', { advance: a.advance });
          if (!result.ok) throw new Error(result.error);
          const next = 'funnel' in result.value ? result.value.funnel : result.value;
          // The status never moves backwards.
          expect(statusIndex(next.status)).toBeGreaterThanOrEqual(statusIndex(funnel.status));
          // Every step before the status's own step is done: the steps never say less than the status.
          expect(next.steps.slice(0, statusIndex(next.status)).every((s) => s.completed)).toBe(true);
          // The progress shown is the progress of the steps.
          expect(next.progressPercentage).toBe(progressPercentage(next.steps));
          funnel = next;
        }
      }),
    );
  });

  it('progress is round((current + 1) / count x 100); with no current step the last completed counts', () => {
    expect(progressPercentage(buildStepsFromStatus('Brief'))).toBe(14);
    expect(progressPercentage(buildStepsFromStatus('Shipped'))).toBe(71);
    const allDone = buildStepsFromStatus('Shipped').map((s) => ({ ...s, completed: true, current: false }));
    expect(progressPercentage(allDone)).toBe(100);
  });
});

describe('funnel list (spec §2, §5)', () => {
  it('search matches name or id case-insensitively', () => {
    expect(filterFunnels(funnels, 'sarah').map((f) => f.id)).toEqual(['CR12345']);
    expect(filterFunnels(funnels, 'cr12349').map((f) => f.creatorName)).toEqual(['Priya Patel']);
    expect(filterFunnels(funnels, '@sarahjstyle')).toEqual([]);
  });
  it('filters by status, category and stage: any value within a group, every group', () => {
    expect(filterFunnels(funnels, '', { status: ['Active'], category: [], stage: [] }).map((f) => f.id)).toEqual(['CR12345', 'CR12348', 'CR12350']);
    expect(filterFunnels(funnels, '', { status: ['Active'], category: ['Creator'], stage: [] }).map((f) => f.id)).toEqual(['CR12350']);
    expect(filterFunnels(funnels, '', { status: [], category: [], stage: ['Delivery', 'Contract'] }).map((f) => f.id)).toEqual(['CR12347', 'CR12349']);
  });
  it('dashboard filters keep the top 10 sorted by their field', () => {
    const many = Array.from({ length: 15 }, (_, i) => ({ ...funnels[0], id: `CR${20000 + i}`, engagementRate: i, value: 100 - i }));
    const top = applyDashboardFilter(many, 'engagement_top10');
    expect(top).toHaveLength(10);
    expect(top[0].engagementRate).toBe(14);
    // Measured filters rank by the period's results, never the typed fields; a funnel with nothing measured is left out.
    const measured = new Map<string, Results>([
      ['CR20014', { ...NO_RESULTS, revenue: 500, orders: 5, cost: 100, roi: 4, clicks: 50, conversion: 0.1 }],
      ['CR20003', { ...NO_RESULTS, revenue: 20, orders: 1, cost: 40, roi: -0.5, clicks: 5, conversion: 0.2 }],
      ['CR20007', { ...NO_RESULTS, cost: 10, roi: -1 }],
    ]);
    const of = (id: string) => measured.get(id);
    expect(applyDashboardFilter(many, 'sales_top10', 10, of).map((f) => f.id)).toEqual(['CR20014', 'CR20003']);
    expect(applyDashboardFilter(many, 'match_rate_top10', 10, of).map((f) => f.id)).toEqual(['CR20003', 'CR20014']);
    expect(applyDashboardFilter(many, 'collab_success_top10', 10, of).map((f) => f.id)).toEqual(['CR20014', 'CR20003', 'CR20007']);
    expect(applyDashboardFilter(many, 'top_creators', 10, of).map((f) => f.id)).toEqual(['CR20014', 'CR20003', 'CR20007']);
    expect(applyDashboardFilter(many, 'price_optimization', 10, of).map((f) => f.id)).toEqual(['CR20007', 'CR20003', 'CR20014']);
    // Nothing measured: the typed conversion rate and ROI rank nothing.
    expect(applyDashboardFilter(funnels, 'match_rate_top10')).toEqual([]);
    expect(applyDashboardFilter(funnels, 'price_optimization')).toEqual([]);
    expect(applyDashboardFilter(funnels, 'nonsense')).toBe(funnels);
    expect(ratingFromRoi(3.4)).toBeCloseTo(4.19, 10);
    expect([ratingFromRoi(-20), ratingFromRoi(20)]).toEqual([0, 5]);
  });
});

describe('performance KPIs: the measured figures of Analytics, engagement from the profiles', () => {
  const { to } = periodDays(DASHBOARD_PERIOD, now);
  const summaryOf = (totals: PeriodTotals, list = funnels) => analyticsSummary({ funnels: list, orders: [], inventory: [], totals, months: [] }, DASHBOARD_PERIOD, now);
  const month = to.slice(0, 7);
  const lastMonth = shiftMonth(month, -1);
  const measured: PeriodTotals = {
    funnels: [{ funnelId: 'CR12345', clicks: 300, visitors: 200, orders: 9, revenue: 900 }],
    days: [
      { day: `${lastMonth}-10`, clicks: 100, visitors: 80, orders: 2, revenue: 200 },
      { day: to, clicks: 200, visitors: 120, orders: 7, revenue: 700 },
    ],
  };
  const bare = funnels.map(({ commissionPercent: _p, flatFee: _f, ...f }) => f);

  it('four tiles in spec order, each opening its filter, with six monthly points and trend text', () => {
    const kpis = performanceKpis(bare, summaryOf(measured, bare), now);
    expect(kpis.map((k) => k.label)).toEqual(['Conversion Rate', 'Avg. Engagement', 'Revenue', 'Creator Rating']);
    expect(kpis.map((k) => k.filter)).toEqual(['match_rate_top10', 'engagement_top10', 'sales_top10', 'collab_success_top10']);
    const [conversion, , revenue, rating] = kpis;
    expect(summaryOf(measured, bare).results).toMatchObject({ revenue: 900, clicks: 300, orders: 9 });
    expect(revenue).toMatchObject({ value: 900, reason: null, change: 250, trend: '+250.0% vs last month' });
    expect(revenue.series).toHaveLength(6);
    expect(conversion).toMatchObject({ value: 3, reason: null });
    expect(conversion.change).toBeCloseTo(75, 10);
    // No cost: no ROI, so no rating, and the reason, never a typed figure.
    expect(rating).toMatchObject({ value: null, reason: 'noCost' });
  });
  it('with nothing measured, the measured tiles have no figure and say why', () => {
    const kpis = performanceKpis(bare, summaryOf({ funnels: [], days: [] }, bare), now);
    expect(kpis.map((k) => [k.id, k.value, k.reason])).toEqual([
      ['conversion', null, 'noClicks'],
      ['engagement', kpis[1].value, null],
      ['revenue', null, 'noSales'],
      ['rating', null, 'noCost'],
    ]);
    expect(kpis[1].value).toBeGreaterThan(0);
    expect(performanceKpis([], summaryOf({ funnels: [], days: [] }, []), now)[1]).toMatchObject({ value: null, reason: 'noFunnels' });
  });
  it('the rating follows the measured ROI, with commission in the cost', () => {
    const termed = bare.map((f) => (f.id === 'CR12345' ? { ...f, flatFee: 300, startDate: `${to}T00:00:00Z` } : f));
    const summary = analyticsSummary({ funnels: termed, orders: [], inventory: [], totals: measured, months: [] }, DASHBOARD_PERIOD, now);
    // ROI = (900 − 300) ÷ 300 = 2: rating 3 + 2 × 0.35 = 3.7.
    expect(performanceKpis(termed, summary, now)[3].value).toBeCloseTo(3.7, 10);
  });
});

describe('helpers', () => {
  it('tags are added only when the trimmed text is non-empty, never twice', () => {
    expect(addTag(['A'], '  ')).toMatchObject({ ok: false });
    expect(addTag(['A'], ' B ')).toEqual({ ok: true, value: ['A', 'B'] });
    expect(addTag(['A'], 'a').ok).toBe(false);
  });
  it('the upload takes image files only', () => {
    expect(checkImageFile({ name: 'me.png', type: 'image/png', size: 100 })).toBeNull();
    expect(checkImageFile({ name: 'notes.pdf', type: 'application/pdf', size: 100 })).toEqual({ key: 'domain.funnels.notImage', values: { name: 'notes.pdf' } });
  });
  it('ids follow CR12345 and days left never go below 0', () => {
    expect(nextFunnelId(funnels)).toBe('CR12351');
    expect(daysLeft('2026-03-01T00:00:00Z', now)).toBe(0);
    expect(daysLeft('2026-03-20T12:00:00Z', now)).toBe(10);
  });
});

describe('properties', () => {
  const statusArb = fc.constantFrom<FunnelStatus>(...FUNNEL_STATUSES);
  it('a step save never moves the status backwards, and moves it at most one step', () => {
    fc.assert(
      fc.property(statusArb, fc.array(fc.nat(6), { maxLength: 12 }), (status, saves) => {
        let funnel: Funnel = { ...funnels[0], status, steps: buildStepsFromStatus(status) };
        for (const s of saves) {
          const result = saveStep(funnel, s, draftOf(funnel, s), now);
          if (!result.ok) return false;
          const next = result.value.funnel;
          const delta = statusIndex(next.status) - statusIndex(funnel.status);
          if (delta < 0 || delta > 1) return false;
          funnel = next;
        }
        return true;
      }),
    );
  });
  it('progress = round((current + 1) / count x 100) after any save', () => {
    fc.assert(
      fc.property(statusArb, fc.nat(6), (status, s) => {
        const funnel: Funnel = { ...funnels[0], status, steps: buildStepsFromStatus(status) };
        const result = saveStep(funnel, s, draftOf(funnel, s), now);
        if (!result.ok) return false;
        const { steps, progressPercentage: pct } = result.value.funnel;
        const current = steps.findIndex((x) => x.current);
        return current < 0 || pct === Math.round(((current + 1) / steps.length) * 100);
      }),
    );
  });
});

describe('funnels slice', () => {
  async function store() {
    const s = createStore({ storage: createMemoryStorage(), now: () => now });
    await s.loaded;
    return s;
  }

  it('a step save stores the funnel, adds unread notifications at the top and logs, in one go', async () => {
    const s = await store();
    const result = s.funnels.saveStep('CR12349', 3, { name: 'Content Production', description: 'Go' });
    expect(result).toMatchObject({ ok: true, messages: ['Priya Patel moved to Production'] });
    expect(s.funnels.items.get('CR12349')?.status).toBe('Production');
    const [first] = s.notifications.items.items.value;
    expect(first).toMatchObject({ read: false, type: 'email', message: 'Priya Patel has started content production. Review timeline updated.' });
    // The team is notified; nothing claims an email or SMS went to the creator.
    expect(s.admin.activity.items.value.some((a) => a.action === 'Notification sent' || /^SMS to/.test(a.details))).toBe(false);
    expect(s.admin.activity.items.value.some((a) => a.action === 'Funnel status updated' && a.details.includes('Contract to Production'))).toBe(true);
  });

  it('outreach needs the sendOutreach permission, and keeps the message', async () => {
    const s = await store();
    s.session.signIn('tm_3');
    expect(s.funnels.sendOutreach('CR12348', 'Hi')).toMatchObject({ ok: false });
    expect(s.funnels.items.get('CR12348')?.status).toBe('Brief');
    s.session.signIn('tm_2');
    const result = s.funnels.sendOutreach('CR12348', 'Hi there');
    expect(result.ok).toBe(true);
    expect(s.funnels.items.get('CR12348')).toMatchObject({ status: 'Confirmation', outreach: [{ message: 'Hi there', sentBy: 'Jamie Smith' }] });
  });

  it('toggles priority, saves bio and tags, and persists them', async () => {
    const storage = createMemoryStorage();
    const s = createStore({ storage, now: () => now });
    await s.loaded;
    s.funnels.togglePriority('CR12346');
    s.funnels.updateBio('CR12346', 'Tech reviews');
    s.funnels.setInterestTags('CR12346', ['Gadgets']);
    await s.flush();
    const again = createStore({ storage, now: () => now });
    await again.loaded;
    expect(again.funnels.items.get('CR12346')).toMatchObject({ isPriority: true, bio: 'Tech reviews', interestTags: ['Gadgets'] });
  });

  it('invites a suggested creator at Brief, once', async () => {
    const s = await store();
    const result = s.funnels.inviteSuggested('SC1');
    expect(result).toMatchObject({ ok: true, value: { id: 'CR12351', status: 'Brief', creatorHandle: '@lenaparkstyle' } });
    expect(s.funnels.inviteSuggested('SC1').ok).toBe(false);
  });

  it('saves and restores each member\'s dashboard layout', async () => {
    const storage = createMemoryStorage();
    const s = createStore({ storage, now: () => now });
    await s.loaded;
    const layout = { lg: [{ i: 'performance', x: 0, y: 5, w: 6, h: 3 }] };
    s.funnels.saveDashboardLayout(layout);
    expect(s.funnels.myLayout.value).toEqual(layout);
    await s.flush();
    const again = createStore({ storage, now: () => now });
    await again.loaded;
    expect(again.funnels.myLayout.value).toEqual(layout);
    again.session.signIn('tm_2');
    expect(again.funnels.myLayout.value).toBeNull();
  });

  it('sending the brief advances a Confirmation funnel like a step save', async () => {
    const s = await store();
    const result = s.funnels.sendBrief('CR12346');
    expect(result.ok).toBe(true);
    expect(s.funnels.items.get('CR12346')?.status).toBe('Contract');
  });
});

describe('createFunnelSearch', () => {
  it('answers exactly like filterFunnels for any sequence of typed and deleted text', async () => {
    const { createFunnelSearch, filterFunnels, EMPTY_FUNNEL_FILTERS } = await import('../../lib/domain/funnels');
    const { sampleFunnels } = await import('../../lib/sample/workspace');
    const fcm = (await import('fast-check')).default;
    const funnels = sampleFunnels(new Date('2026-03-10T12:00:00Z'));
    fcm.assert(
      fcm.property(fcm.array(fcm.string({ maxLength: 6 }), { maxLength: 12 }), (texts) => {
        const search = createFunnelSearch(funnels);
        for (const text of texts) {
          for (let i = 0; i <= text.length; i++) {
            const prefix = text.slice(0, i);
            expect(search(prefix, EMPTY_FUNNEL_FILTERS)).toEqual(filterFunnels(funnels, prefix, EMPTY_FUNNEL_FILTERS));
          }
        }
        expect(search('cr1234', EMPTY_FUNNEL_FILTERS).map((f) => f.id)).toEqual(filterFunnels(funnels, 'cr1234').map((f) => f.id));
      }),
    );
  });
});
