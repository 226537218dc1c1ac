// The New Funnel wizard (spec §1: "creator details, campaign objectives and deliverables"):
// three steps, each checked before the next, and the funnel it creates at Brief.
import { daysLeft, buildStepsFromStatus, progressPercentage } from './funnels';
import { MAX_AMOUNT, MAX_QUANTITY } from './constants';
import { isValidEmail } from './team';
import { message, type Message } from './messages';
import { refuse, FUNNEL_CATEGORIES, ok, type Funnel, type FunnelCategory, type Result } from './types';

export const NEW_FUNNEL_STEPS = ['Creator details', 'Campaign objectives', 'Deliverables'] as const;
export type NewFunnelStep = 0 | 1 | 2;

export const CREATOR_PLATFORMS = ['Instagram', 'TikTok', 'YouTube', 'X', 'Twitch'] as const;
export const CAMPAIGN_OBJECTIVES = ['Brand awareness', 'Product launch', 'Sales', 'Engagement', 'Content creation'] as const;
export const CONTENT_TYPES = ['Sponsored Post', 'Story Series', 'Reel', 'Product Review', 'Unboxing Video', 'Tutorial', 'Vlog'] as const;

/** What the wizard's fields hold, as typed (numbers and dates are text until checked). */
export interface NewFunnelDraft {
  name: string;
  handle: string;
  email: string;
  platform: string;
  followers: string;
  engagementRate: string;
  category: FunnelCategory | '';
  /** A data: URL of an uploaded picture, or '' for the initials avatar. */
  avatar: string;
  objective: string;
  /** Budget / campaign value in dollars. */
  value: string;
  /** yyyy-MM-dd */
  startDate: string;
  /** yyyy-MM-dd */
  dueDate: string;
  /** The member's name. */
  assignedTo: string;
  contentType: string;
  count: string;
  /** yyyy-MM-dd */
  deliverableDueDate: string;
  notes: string;
}

export type NewFunnelField = keyof NewFunnelDraft;
export type NewFunnelErrors = Partial<Record<NewFunnelField, Message>>;

/** The fields of each step, in the order they are shown. */
export const NEW_FUNNEL_FIELDS: Record<NewFunnelStep, readonly NewFunnelField[]> = {
  0: ['name', 'handle', 'email', 'platform', 'followers', 'engagementRate', 'category', 'avatar'],
  1: ['objective', 'value', 'startDate', 'dueDate', 'assignedTo'],
  2: ['contentType', 'count', 'deliverableDueDate', 'notes'],
};

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-MM-dd of a date, in UTC (the wizard's dates are calendar days). */
export const isoDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayTime = (day: string) => (DAY.test(day) ? new Date(`${day}T00:00:00.000Z`).getTime() : Number.NaN);

/** A fresh wizard: platform and category preset, the campaign starting today for 30 days, assigned to `assignedTo`. */
export function emptyNewFunnelDraft(now: Date, assignedTo: string): NewFunnelDraft {
  const start = isoDay(now);
  const due = isoDay(new Date(now.getTime() + 30 * 86_400_000));
  return {
    name: '',
    handle: '',
    email: '',
    platform: CREATOR_PLATFORMS[0],
    followers: '',
    engagementRate: '',
    category: FUNNEL_CATEGORIES[0],
    avatar: '',
    objective: '',
    value: '',
    startDate: start,
    dueDate: due,
    assignedTo,
    contentType: '',
    count: '1',
    deliverableDueDate: due,
    notes: '',
  };
}

/** '@handle', whatever the user typed before it. */
export const normaliseHandle = (handle: string) => `@${handle.trim().replace(/^@+/, '')}`;

const HANDLE = /^@[A-Za-z0-9._]{2,30}$/;
const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** The problems of one step's fields, by field (empty when the step is complete). */
export function validateNewFunnelStep(step: NewFunnelStep, draft: NewFunnelDraft, existing: readonly Pick<Funnel, 'id' | 'creatorHandle'>[]): NewFunnelErrors {
  const errors: NewFunnelErrors = {};
  if (step === 0) {
    if (!draft.name.trim()) errors.name = message('domain.funnels.enterName');
    const handle = normaliseHandle(draft.handle);
    if (!draft.handle.trim()) errors.handle = message('domain.funnels.enterHandle');
    else if (!HANDLE.test(handle)) errors.handle = message('domain.funnels.handleShape');
    else {
      const taken = existing.find((f) => f.creatorHandle.toLowerCase() === handle.toLowerCase());
      if (taken) errors.handle = message('domain.funnels.handleTaken', { handle, id: taken.id });
    }
    if (!draft.email.trim()) errors.email = message('domain.funnels.enterEmail');
    else if (!isValidEmail(draft.email)) errors.email = message('domain.profile.emailInvalid', { email: draft.email.trim() });
    if (!draft.platform) errors.platform = message('domain.funnels.choosePlatform');
    if (!WHOLE.test(draft.followers.trim())) errors.followers = message('domain.funnels.followersWhole');
    const rate = draft.engagementRate.trim();
    if (!DECIMAL.test(rate) || Number(rate) > 100) errors.engagementRate = message('domain.funnels.engagementRange');
    if (!FUNNEL_CATEGORIES.includes(draft.category as FunnelCategory)) errors.category = message('domain.funnels.chooseCategory');
  } else if (step === 1) {
    if (!draft.objective.trim()) errors.objective = message('domain.funnels.chooseObjective');
    if (!DECIMAL.test(draft.value.trim())) errors.value = message('domain.funnels.budget');
    else if (Number(draft.value) > MAX_AMOUNT) errors.value = message('domain.funnels.budgetTooHigh', { max: MAX_AMOUNT });
    if (Number.isNaN(dayTime(draft.startDate))) errors.startDate = message('domain.funnels.enterStart');
    if (Number.isNaN(dayTime(draft.dueDate))) errors.dueDate = message('domain.funnels.enterDue');
    else if (dayTime(draft.dueDate) <= dayTime(draft.startDate)) errors.dueDate = message('domain.funnels.dueAfterStart');
    if (!draft.assignedTo.trim()) errors.assignedTo = message('domain.funnels.chooseMember');
  } else {
    if (!draft.contentType.trim()) errors.contentType = message('domain.funnels.chooseContentType');
    if (!WHOLE.test(draft.count.trim()) || Number(draft.count) < 1) errors.count = message('domain.funnels.countWhole');
    else if (Number(draft.count) > MAX_QUANTITY) errors.count = message('domain.funnels.countTooHigh', { max: MAX_QUANTITY });
    const due = dayTime(draft.deliverableDueDate);
    if (Number.isNaN(due)) errors.deliverableDueDate = message('domain.funnels.enterDue');
    else if (due < dayTime(draft.startDate)) errors.deliverableDueDate = message('domain.funnels.deliverablesBeforeStart');
    else if (due > dayTime(draft.dueDate)) errors.deliverableDueDate = message('domain.funnels.deliverablesAfterDue');
  }
  return errors;
}

/**
 * The funnel the wizard creates: at Brief with its steps (the first current), the creator's
 * details, the campaign's value, dates, assignee and objective, and its deliverables. Every
 * step is checked again; the first problem is the error.
 */
export function createFunnel(draft: NewFunnelDraft, existing: readonly Pick<Funnel, 'id' | 'creatorHandle'>[], context: { id: string; now: Date }): Result<Funnel> {
  for (const step of [0, 1, 2] as const) {
    const errors = validateNewFunnelStep(step, draft, existing);
    const first = NEW_FUNNEL_FIELDS[step].find((field) => errors[field]);
    const problem = first && errors[first];
    if (problem) return refuse(problem.key, problem.values);
  }
  const steps = buildStepsFromStatus('Brief');
  const startDate = new Date(dayTime(draft.startDate)).toISOString();
  const dueDate = new Date(dayTime(draft.dueDate)).toISOString();
  const name = draft.name.trim();
  return ok(
    {
      id: context.id,
      creatorName: name,
      creatorHandle: normaliseHandle(draft.handle),
      creatorAvatar: draft.avatar.startsWith('data:image/') ? draft.avatar : '',
      status: 'Brief',
      category: draft.category as FunnelCategory,
      activity: 'Active',
      value: Number(draft.value),
      progressPercentage: progressPercentage(steps),
      assignedTo: draft.assignedTo.trim(),
      lastUpdated: context.now.toISOString(),
      isPriority: false,
      currentStage: 'Outreach',
      engagementType: draft.contentType,
      platform: draft.platform,
      conversionRate: 0,
      engagementRate: Number(draft.engagementRate),
      roi: 0,
      startDate,
      dueDate,
      daysRemaining: daysLeft(dueDate, context.now),
      steps,
      bio: '',
      interestTags: [],
      email: draft.email.trim(),
      followers: Number(draft.followers),
      outreach: [],
      objective: draft.objective.trim(),
      deliverables: [
        {
          contentType: draft.contentType,
          count: Number(draft.count),
          dueDate: new Date(dayTime(draft.deliverableDueDate)).toISOString(),
          notes: draft.notes.trim(),
        },
      ],
    },
    `Funnel ${context.id} created for ${name} at Brief`,
  );
}
