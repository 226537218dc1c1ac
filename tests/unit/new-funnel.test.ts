import { describe, expect, it } from 'vitest';
import { buildStepsFromStatus } from '../../lib/domain/funnels';
import { englishOf } from '../../lib/domain/messages';
import { createFunnel, emptyNewFunnelDraft, validateNewFunnelStep, type NewFunnelDraft, type NewFunnelErrors } from '../../lib/domain/new-funnel';

/** Each field's problem in English, the words the screen shows an English reader. */
const inEnglish = (errors: NewFunnelErrors) => Object.fromEntries(Object.entries(errors).map(([field, said]) => [field, said && englishOf(said)]));
import { createStore } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { sampleFunnels } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const funnels = sampleFunnels(now);

const complete = (): NewFunnelDraft => ({
  ...emptyNewFunnelDraft(now, 'Alex Morgan'),
  name: 'Nina Park',
  handle: 'ninapark',
  email: 'nina@park.example',
  followers: '120000',
  engagementRate: '5.5',
  objective: 'Product launch',
  value: '2500',
  contentType: 'Unboxing Video',
  count: '2',
  notes: 'One vertical, one horizontal',
});

describe('New Funnel wizard rules', () => {
  it('starts today for 30 days, assigned to the member who opens it', () => {
    expect(emptyNewFunnelDraft(now, 'Alex Morgan')).toMatchObject({ startDate: '2026-03-10', dueDate: '2026-04-09', assignedTo: 'Alex Morgan', platform: 'Instagram', category: 'Influencer' });
  });

  it('checks each step on its own', () => {
    const empty = emptyNewFunnelDraft(now, 'Alex Morgan');
    expect(inEnglish(validateNewFunnelStep(0, empty, funnels))).toEqual({
      name: "Enter the creator's name",
      handle: "Enter the creator's handle",
      email: "Enter the creator's email address",
      followers: 'Followers must be a whole number',
      engagementRate: 'Engagement rate must be a percentage from 0 to 100',
    });
    expect(inEnglish(validateNewFunnelStep(1, { ...empty, dueDate: '2026-03-01' }, funnels))).toEqual({
      objective: 'Choose an objective',
      value: 'Budget must be an amount in dollars, 0 or more',
      dueDate: 'Due date must be after the start date',
    });
    expect(inEnglish(validateNewFunnelStep(2, { ...empty, deliverableDueDate: '2026-05-01' }, funnels))).toEqual({
      contentType: 'Choose a content type',
      deliverableDueDate: "Deliverables must be due by the campaign's due date",
    });
    expect(inEnglish(validateNewFunnelStep(0, { ...complete(), handle: '@SarahJStyle' }, funnels))).toEqual({ handle: '@SarahJStyle already has a funnel (CR12345)' });
    for (const step of [0, 1, 2] as const) expect(inEnglish(validateNewFunnelStep(step, complete(), funnels))).toEqual({});
  });

  it('creates a funnel at Brief with its steps, the creator, the campaign and its deliverables', () => {
    const result = createFunnel(complete(), funnels, { id: 'CR12351', now });
    expect(result).toMatchObject({
      ok: true,
      message: 'Funnel CR12351 created for Nina Park at Brief',
      value: {
        id: 'CR12351',
        creatorName: 'Nina Park',
        creatorHandle: '@ninapark',
        status: 'Brief',
        steps: buildStepsFromStatus('Brief'),
        progressPercentage: 14,
        value: 2500,
        followers: 120000,
        engagementRate: 5.5,
        engagementType: 'Unboxing Video',
        objective: 'Product launch',
        startDate: '2026-03-10T00:00:00.000Z',
        dueDate: '2026-04-09T00:00:00.000Z',
        daysRemaining: 30,
        deliverables: [{ contentType: 'Unboxing Video', count: 2, dueDate: '2026-04-09T00:00:00.000Z', notes: 'One vertical, one horizontal' }],
      },
    });
    expect(createFunnel({ ...complete(), count: '0' }, funnels, { id: 'x', now })).toMatchObject({ ok: false, error: 'Count must be a whole number, at least 1' });
  });

  it('the store action adds it at the top of the list, logged, and it survives a reload', async () => {
    const storage = createMemoryStorage();
    const store = createStore({ storage, now: () => now });
    await store.loaded;
    const result = store.funnels.createFunnel(complete());
    expect(result.ok).toBe(true);
    expect(store.funnels.items.items.value[0]).toMatchObject({ id: 'CR12351', creatorName: 'Nina Park' });
    expect(store.admin.activity.items.value[0]).toMatchObject({ action: 'Funnel created', details: 'Nina Park (@ninapark) started at Brief' });
    await store.flush();
    const again = createStore({ storage, now: () => now });
    await again.loaded;
    expect(again.funnels.items.get('CR12351')).toMatchObject({ status: 'Brief', creatorHandle: '@ninapark' });
  });
});
