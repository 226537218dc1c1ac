// Funnel writes (spec §4): step saves with their notifications, outreach, priority, profile
// edits, suggested-creator invites, matching criteria and each member's dashboard layout.
import * as v from 'valibot';
import {
  addTag,
  buildStepsFromStatus,
  nextFunnelId,
  progressPercentage,
  saveStep as saveStepRule,
  sendOutreach as sendOutreachRule,
  STEP_NAMES,
  type StepSaveOutcome,
} from '../domain/funnels';
import { createFunnel as createFunnelRule, type NewFunnelDraft } from '../domain/new-funnel';
import { refuse, ok, accept, type ActivityMessage, type AppNotification, type Funnel, type Result } from '../domain/types';
import { englishOf, listValue, message } from '../domain/messages';
import { CRITERIA_GROUPS, SUGGESTED_CREATORS, type CriteriaGroup } from '../sample/suggestions';
import { id, stepDraft, text } from './args';
import { validateDiscountCode, withDiscountCodes } from '../domain/attribution';
import { all, defineMutator, idsFrom, nowOf, one, single } from './define';
import type { MutationMeta, WriteTx } from './types';

export const FUNNEL_GONE = 'This creator no longer exists';

const funnelId = v.object({ funnelId: id });

/** Applies `change` to one funnel and logs it; the shared shape of the simple funnel edits. */
function updateFunnel(
  tx: WriteTx,
  fid: string,
  change: (funnel: Funnel) => Result<Funnel>,
  log: (before: Funnel, after: Funnel) => ActivityMessage,
): Result<Funnel> {
  const funnel = tx.get('funnels', fid);
  if (!funnel) return refuse('domain.funnels.gone');
  const result = change(funnel);
  if (!result.ok) return result;
  tx.put('funnels', result.value);
  tx.log({ ...log(funnel, result.value), actionType: 'funnel', metadata: { funnelId: fid } });
  return result;
}

/**
 * Saves step `stepIndex` (spec §4). Each notification sent lands, unread, at the top of
 * Notifications; the change is in the activity log. `messages` holds the toasts. `rule` is the
 * step rule (a creator's answer finishes the step the funnel is at: lib/domain/portal.ts).
 */
export function applyStepSave(
  tx: WriteTx,
  fid: string,
  stepIndex: number,
  draft: { name: string; description: string },
  meta: MutationMeta,
  rule: typeof saveStepRule = saveStepRule,
): Result<StepSaveOutcome> {
  const funnel = tx.get('funnels', fid);
  if (!funnel) return refuse('domain.funnels.gone');
  const now = nowOf(meta);
  const result = rule(funnel, stepIndex, draft, now);
  if (!result.ok) return result;
  const { funnel: updated, advanced, previousStatus, notifications: sent } = result.value;
  const newId = idsFrom(meta);
  tx.put('funnels', updated);
  tx.log({
    action: message(advanced ? 'activity.action.funnelStatusUpdated' : 'activity.action.funnelStepSaved'),
    actionType: 'funnel',
    details:
      advanced && updated.status !== previousStatus
        ? message('activity.details.movedFromTo', { name: funnel.creatorName, from: previousStatus, to: updated.status, step: updated.steps[stepIndex].name })
        : message('activity.details.stepSaved', { name: funnel.creatorName, step: updated.steps[stepIndex].name }),
    metadata: { funnelId: fid },
  });
  for (const n of sent) {
    const notification: AppNotification = {
      id: newId('nt'),
      type: n.channel,
      title: n.title,
      message: n.message,
      timestamp: now.toISOString(),
      read: false,
      snoozedUntil: null,
      said: n.said,
    };
    tx.put('notifications', notification, { prepend: true });
    tx.log({
      action: message('activity.action.notificationSent'),
      actionType: 'notification',
      details: message('activity.byAction.notificationSent', { channel: n.channel === 'sms' ? 'SMS' : message('notifications.type.email'), to: n.to, message: n.said.message }),
    });
  }
  return result;
}

export const saveStep = defineMutator({
  name: 'funnels.saveStep',
  args: v.object({ funnelId: id, stepIndex: v.pipe(v.number(), v.integer()), draft: stepDraft }),
  reads: (args) => [one('funnels', args.funnelId)],
  run: (tx, args, meta) => applyStepSave(tx, args.funnelId, args.stepIndex, args.draft, meta),
});

/** Sends outreach: the message is kept in the creator's history; a funnel at Brief moves to Confirmation unless `options.advance` is false. */
export const sendOutreach = defineMutator({
  name: 'funnels.sendOutreach',
  args: v.object({ funnelId: id, message: text(), options: v.optional(v.object({ advance: v.optional(v.boolean()) })) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    return updateFunnel(
      tx,
      args.funnelId,
      (funnel) => sendOutreachRule(funnel, args.message, tx.actor?.name ?? 'System', nowOf(meta), idsFrom(meta)('msg'), args.options ?? {}),
      (before) => ({
        action: message('activity.action.outreachSent'),
        details: args.message.trim()
          ? message('activity.details.outreachWithText', { handle: before.creatorHandle, message: args.message.trim() })
          : message('activity.details.outreachNoText', { handle: before.creatorHandle }),
      }),
    );
  },
});

/** Sends the creative brief: saves the Creative Brief Delivery step as it is, which advances the funnel like any step save. */
export const sendBrief = defineMutator({
  name: 'funnels.sendBrief',
  args: funnelId,
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse<StepSaveOutcome>('domain.funnels.gone');
    let index = funnel.steps.findIndex((s) => s.name === STEP_NAMES[2]);
    if (index < 0) index = Math.min(2, funnel.steps.length - 1);
    const step = funnel.steps[index];
    const result = applyStepSave(tx, args.funnelId, index, { name: step.name, description: step.description }, meta);
    if (!result.ok) return result;
    if (result.notices?.length) return result;
    const brief = message('domain.funnels.briefSent', { handle: funnel.creatorHandle });
    return { ...result, messages: [englishOf(brief)], notices: [brief] };
  },
});

export const togglePriority = defineMutator({
  name: 'funnels.togglePriority',
  args: funnelId,
  reads: (args) => [one('funnels', args.funnelId)],
  run: (tx, args, meta) =>
    updateFunnel(
      tx,
      args.funnelId,
      (funnel) => ok({ ...funnel, isPriority: !funnel.isPriority, lastUpdated: meta.now }),
      (_before, after) => ({
        action: message(after.isPriority ? 'activity.action.markedPriority' : 'activity.action.priorityRemoved'),
        details: message('activity.details.data', { value: after.creatorName }),
      }),
    ),
});

export const updateBio = defineMutator({
  name: 'funnels.updateBio',
  args: v.object({ funnelId: id, bio: text() }),
  reads: (args) => [one('funnels', args.funnelId)],
  run: (tx, args, meta) =>
    updateFunnel(
      tx,
      args.funnelId,
      (funnel) => accept({ ...funnel, bio: args.bio, lastUpdated: meta.now }, 'domain.funnels.bioSaved'),
      (before) => ({ action: message('activity.action.bioUpdated'), details: message('activity.details.data', { value: before.creatorName }) }),
    ),
});

export const setInterestTags = defineMutator({
  name: 'funnels.setInterestTags',
  args: v.object({ funnelId: id, tags: v.pipe(v.array(text(200)), v.maxLength(200)) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run: (tx, args, meta) =>
    updateFunnel(
      tx,
      args.funnelId,
      (funnel) => ok({ ...funnel, interestTags: [...args.tags], lastUpdated: meta.now }),
      (before) => ({
        action: message('activity.action.tagsUpdated'),
        details: args.tags.length ? message('activity.details.tags', { name: before.creatorName, tags: listValue(args.tags) }) : message('activity.byAction.noTags', { name: before.creatorName }),
      }),
    ),
});

/** Sets the creator's picture (a data: URL of an image the member uploaded). */
export const updateAvatar = defineMutator({
  name: 'funnels.updateAvatar',
  args: v.object({ funnelId: id, dataUrl: text(5_000_000) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    if (!args.dataUrl.startsWith('data:image/')) return refuse<Funnel>('domain.funnels.chooseImage');
    return updateFunnel(
      tx,
      args.funnelId,
      (funnel) => accept({ ...funnel, creatorAvatar: args.dataUrl, lastUpdated: meta.now }, 'domain.funnels.pictureUpdated'),
      (before) => ({ action: message('activity.action.pictureUpdated'), details: message('activity.details.data', { value: before.creatorName }) }),
    );
  },
});

/** Invites a suggested creator: starts a funnel at Brief for them. */
export const inviteSuggested = defineMutator({
  name: 'funnels.inviteSuggested',
  // engagementType: the public API's `type` (POST /api/v1/funnels); the dashboard's invite leaves it out.
  args: v.object({ suggestedId: id, engagementType: v.optional(text(100)) }),
  reads: () => [all('funnels')],
  run(tx, args, meta) {
    const suggested = SUGGESTED_CREATORS.find((c) => c.id === args.suggestedId);
    if (!suggested) return refuse<Funnel>('domain.funnels.suggestionGone');
    const funnels = tx.scan('funnels');
    const existing = funnels.find((f) => f.creatorHandle.toLowerCase() === suggested.handle.toLowerCase());
    if (existing) return refuse<Funnel>('domain.funnels.handleTaken', { handle: suggested.name, id: existing.id });
    const now = nowOf(meta);
    const steps = buildStepsFromStatus('Brief');
    let funnel: Funnel = {
      id: nextFunnelId(funnels),
      creatorName: suggested.name,
      creatorHandle: suggested.handle,
      creatorAvatar: suggested.avatar,
      status: 'Brief',
      category: 'Creator',
      activity: 'Pending',
      value: 0,
      progressPercentage: progressPercentage(steps),
      assignedTo: tx.actor?.name ?? 'System',
      lastUpdated: now.toISOString(),
      isPriority: false,
      currentStage: 'Outreach',
      engagementType: args.engagementType?.trim() || 'Sponsored Post',
      platform: 'Instagram',
      conversionRate: 0,
      engagementRate: suggested.engagement,
      roi: 0,
      startDate: now.toISOString(),
      dueDate: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      daysRemaining: 30,
      steps,
      bio: '',
      interestTags: [],
      followers: suggested.followers,
      outreach: [],
    };
    [funnel] = withDiscountCodes([funnel], tx.scan('funnels'));
    tx.put('funnels', funnel, { prepend: true });
    tx.log({
      action: message('activity.action.creatorInvited'),
      actionType: 'creator',
      details: message('activity.details.startedAtBrief', { name: suggested.name, handle: suggested.handle }),
      metadata: { funnelId: funnel.id },
    });
    return accept(funnel, 'domain.funnels.invited', { name: suggested.name, id: funnel.id });
  },
});

const newFunnelDraft = v.object({
  name: text(500),
  handle: text(200),
  email: text(500),
  platform: text(100),
  followers: text(50),
  engagementRate: text(50),
  category: text(100),
  avatar: text(5_000_000),
  objective: text(200),
  value: text(50),
  startDate: text(50),
  dueDate: text(50),
  assignedTo: text(500),
  contentType: text(200),
  count: text(50),
  deliverableDueDate: text(50),
  notes: text(),
});

/** New Funnel wizard: a funnel at Brief with its steps, at the top of the list. */
export const createFunnel = defineMutator({
  name: 'funnels.create',
  args: v.object({ draft: newFunnelDraft }),
  reads: () => [all('funnels')],
  run(tx, args, meta) {
    const funnels = tx.scan('funnels');
    const result = createFunnelRule(args.draft as NewFunnelDraft, funnels, { id: nextFunnelId(funnels), now: nowOf(meta) });
    if (!result.ok) return result;
    const [funnel] = withDiscountCodes([result.value], funnels);
    tx.put('funnels', funnel, { prepend: true });
    tx.log({
      action: message('activity.action.funnelCreated'),
      actionType: 'funnel',
      details: message('activity.details.startedAtBrief', { name: funnel.creatorName, handle: funnel.creatorHandle }),
      metadata: { funnelId: funnel.id },
    });
    return { ...result, value: funnel };
  },
});

/** Edits a funnel's discount code: its shape checked, unique among live funnels in any letter case. */
export const setDiscountCode = defineMutator({
  name: 'funnels.setDiscountCode',
  args: v.object({ id, code: text(100) }),
  reads: () => [all('funnels')],
  run(tx, args, meta): Result<Funnel> {
    const funnel = tx.get('funnels', args.id);
    if (!funnel) return refuse('domain.funnels.gone');
    const checked = validateDiscountCode(args.code, funnel.id, tx.scan('funnels'));
    if (!checked.ok) return checked;
    if (funnel.discountCode === checked.value) return accept(funnel, 'domain.attribution.codeSaved', { code: checked.value });
    const updated: Funnel = { ...funnel, discountCode: checked.value, lastUpdated: nowOf(meta).toISOString() };
    tx.put('funnels', updated);
    tx.log({
      action: message('activity.action.discountCodeChanged'),
      actionType: 'funnel',
      details: message('activity.details.discountCodeChanged', { name: funnel.creatorName, from: funnel.discountCode ?? '—', to: checked.value }),
      metadata: { funnelId: funnel.id },
    });
    return accept(updated, 'domain.attribution.codeSaved', { code: checked.value });
  },
});

const criteriaGroup = v.picklist(CRITERIA_GROUPS.map<CriteriaGroup>((g) => g.id));
/** A criteria group's name, said in the reader's language (its English is the group's label). */
const labelOf = (group: CriteriaGroup) => message(`funnelBoard.criteria.${group}`);

/** Adds a Smart Matching criteria tag (trimmed text must be non-empty, spec §5). */
export const addCriteriaTag = defineMutator({
  name: 'funnels.addCriteriaTag',
  args: v.object({ group: criteriaGroup, text: text(200) }),
  reads: () => [single('matchingCriteria')],
  run(tx, args) {
    const current = tx.singleton('matchingCriteria');
    const result = addTag(current[args.group] ?? [], args.text);
    if (!result.ok) return result;
    tx.setSingleton('matchingCriteria', { ...current, [args.group]: result.value });
    tx.log({ action: message('activity.action.criteriaUpdated'), actionType: 'creator', details: message('activity.details.criteriaAdded', { group: labelOf(args.group), tag: args.text.trim() }) });
    return result;
  },
});

export const removeCriteriaTag = defineMutator({
  name: 'funnels.removeCriteriaTag',
  args: v.object({ group: criteriaGroup, tag: text(200) }),
  reads: () => [single('matchingCriteria')],
  run(tx, args) {
    const current = tx.singleton('matchingCriteria');
    const next = (current[args.group] ?? []).filter((t) => t !== args.tag);
    tx.setSingleton('matchingCriteria', { ...current, [args.group]: next });
    tx.log({ action: message('activity.action.criteriaUpdated'), actionType: 'creator', details: message('activity.details.criteriaRemoved', { group: labelOf(args.group), tag: args.tag }) });
    return ok(next);
  },
});

const gridItem = v.object({
  i: text(100),
  x: v.number(),
  y: v.number(),
  w: v.number(),
  h: v.number(),
  minW: v.optional(v.number()),
  maxW: v.optional(v.number()),
  minH: v.optional(v.number()),
  isDraggable: v.optional(v.boolean()),
  isResizable: v.optional(v.boolean()),
});

/**
 * Saves the member's own dashboard grid (a personal preference: Viewers may arrange their
 * own dashboard too). Unchanged layouts are not written again.
 */
export const saveDashboardLayout = defineMutator({
  name: 'funnels.saveDashboardLayout',
  args: v.object({ layouts: v.nullable(v.record(v.string(), v.optional(v.array(gridItem)))) }),
  reads: () => [single('dashboardLayout')],
  run(tx, args) {
    const member = tx.actor;
    if (!member) return refuse<void>('domain.funnels.signedOut');
    const current = tx.singleton('dashboardLayout');
    if (JSON.stringify(current[member.id] ?? null) === JSON.stringify(args.layouts)) return ok(undefined);
    const next = { ...current };
    if (args.layouts) next[member.id] = args.layouts;
    else delete next[member.id];
    tx.setSingleton('dashboardLayout', next);
    tx.log({
      action: message(args.layouts ? 'activity.action.layoutSaved' : 'activity.action.layoutReset'),
      actionType: 'system',
      details: message('activity.details.data', { value: member.name }),
    });
    return ok(undefined);
  },
});
