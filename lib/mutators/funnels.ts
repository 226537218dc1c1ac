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
  retryOutreach as retryOutreachRule,
  setOutreachDelivery,
  STEP_NAMES,
  type StepSaveOutcome,
} from '../domain/funnels';
import { createFunnel as createFunnelRule, type NewFunnelDraft } from '../domain/new-funnel';
import { refuse, ok, accept, type ActivityMessage, type AppNotification, type Funnel, type OutreachDelivery, type OutreachMessage, type Result } from '../domain/types';
import { englishOf, listValue, message } from '../domain/messages';
import { CRITERIA_GROUPS, SUGGESTED_CREATORS, type CriteriaGroup } from '../sample/suggestions';
import { id, stepDraft, text } from './args';
import { validateDiscountCode, withDiscountCodes } from '../domain/attribution';
import { all, defineMutator, idsFrom, nowOf, one, single } from './define';
import type { LogEntry, MutationMeta, WriteTx } from './types';

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
    // The team's notification (emailed to members who asked for it); the creator is sent nothing, so nothing is logged as sent.
    tx.put('notifications', notification, { prepend: true });
  }
  return result;
}

export const saveStep = defineMutator({
  name: 'funnels.saveStep',
  args: v.object({ funnelId: id, stepIndex: v.pipe(v.number(), v.integer()), draft: stepDraft }),
  reads: (args) => [one('funnels', args.funnelId)],
  run: (tx, args, meta) => applyStepSave(tx, args.funnelId, args.stepIndex, args.draft, meta),
});

/** The activity entry of an outreach email in its state: queued, sent, failed (or given up), or kept without an email. */
export function outreachLogEntry(funnel: Pick<Funnel, 'id' | 'creatorHandle'>, entry: OutreachMessage): LogEntry {
  const handle = funnel.creatorHandle;
  const text = entry.message.trim();
  const said = (action: ActivityMessage['action'], details: ActivityMessage['details'], status: LogEntry['status']): LogEntry => ({
    action,
    actionType: 'funnel',
    details,
    status,
    metadata: { funnelId: funnel.id, outreachId: entry.id },
  });
  const delivery = entry.delivery;
  if (!delivery) return said(message('activity.action.outreachKept'), message('activity.details.outreachKept', { handle }), 'warning');
  if (delivery.status === 'queued')
    return said(
      message('activity.action.outreachQueued'),
      text ? message('activity.details.outreachQueued', { handle, message: text }) : message('activity.details.outreachQueuedNoText', { handle }),
      'queued',
    );
  if (delivery.status === 'sent')
    return said(
      message('activity.action.outreachSent'),
      text ? message('activity.details.outreachWithText', { handle, message: text }) : message('activity.details.outreachNoText', { handle }),
      'success',
    );
  return said(
    message(delivery.givenUp ? 'activity.action.outreachNotDelivered' : 'activity.action.outreachFailed'),
    message('activity.details.outreachFailed', { handle, reason: delivery.reason ?? '' }),
    delivery.givenUp ? 'error' : 'warning',
  );
}

/** Writes the funnel with its outreach message `outreachId`, and an activity entry that follows that message's email. */
function putOutreach(tx: WriteTx, funnel: Funnel, outreachId: string): Funnel {
  const entry = funnel.outreach?.find((e) => e.id === outreachId);
  if (!entry) return funnel;
  const activityId = tx.log(outreachLogEntry(funnel, entry));
  const updated = entry.delivery ? setOutreachDelivery(funnel, outreachId, { ...entry.delivery, activityId }) : null;
  const written = updated?.ok ? updated.value : funnel;
  tx.put('funnels', written);
  return written;
}

/**
 * Sends outreach: the message is kept in the creator's history and its email queued (the server
 * writes it to the mail outbox in this change's transaction); a funnel at Brief moves to
 * Confirmation unless `options.advance` is false. A creator who opted out is refused.
 */
export const sendOutreach = defineMutator({
  name: 'funnels.sendOutreach',
  args: v.object({ funnelId: id, message: text(), options: v.optional(v.object({ advance: v.optional(v.boolean()) })) }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse<Funnel>('domain.funnels.gone');
    const outreachId = idsFrom(meta)('msg');
    const result = sendOutreachRule(funnel, args.message, tx.actor?.name ?? 'System', nowOf(meta), outreachId, args.options ?? {});
    if (!result.ok) return result;
    return { ...result, value: putOutreach(tx, result.value, outreachId) };
  },
});

/** Queues a failed outreach email again (the same message, a fresh portal link), with a new activity entry that follows it. */
export const retryOutreach = defineMutator({
  name: 'funnels.retryOutreach',
  args: v.object({ funnelId: id, outreachId: id }),
  reads: (args) => [one('funnels', args.funnelId)],
  run(tx, args, meta) {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse<Funnel>('domain.funnels.gone');
    const result = retryOutreachRule(funnel, args.outreachId, nowOf(meta));
    if (!result.ok) return result;
    const said = message('domain.funnels.outreachRetried', { handle: funnel.creatorHandle });
    return { ok: true, value: putOutreach(tx, result.value, args.outreachId), messages: [englishOf(said)], notices: [said] };
  },
});

/**
 * The mail worker's word on an outreach email: sent (the mail server took it, or its .eml was
 * written) or failed with its reason. The message's state and its activity entry change with it.
 */
export const recordOutreachDelivery = defineMutator({
  name: 'funnels.recordOutreachDelivery',
  args: v.object({ funnelId: id, outreachId: id, activityId: v.optional(id), status: v.picklist(['sent', 'failed']), reason: v.optional(text(1000)), givenUp: v.optional(v.boolean()) }),
  reads: (args) => [one('funnels', args.funnelId), ...(args.activityId ? [one('activity', args.activityId)] : [])],
  run(tx, args, meta) {
    const funnel = tx.get('funnels', args.funnelId);
    // The creator was deleted meanwhile: nothing to record.
    if (!funnel) return ok(undefined);
    const entry = funnel.outreach?.find((e) => e.id === args.outreachId);
    if (!entry) return ok(undefined);
    const delivery: OutreachDelivery = {
      status: args.status,
      at: nowOf(meta).toISOString(),
      ...(args.status === 'failed' ? { reason: args.reason ?? 'Unknown error', ...(args.givenUp ? { givenUp: true } : {}) } : {}),
      ...(entry.delivery?.activityId ? { activityId: entry.delivery.activityId } : {}),
    };
    const result = setOutreachDelivery(funnel, args.outreachId, delivery);
    if (!result.ok) return ok(undefined);
    tx.put('funnels', result.value);
    // The entry made when it was queued says what became of it (a new one when it is gone).
    const logged = outreachLogEntry(funnel, { ...entry, delivery });
    const existing = args.activityId ? tx.get('activity', args.activityId) : undefined;
    if (existing)
      tx.put('activity', {
        ...existing,
        action: englishOf(logged.action),
        details: englishOf(logged.details),
        status: logged.status ?? existing.status,
        message: { action: logged.action, details: logged.details },
      });
    else tx.log(logged);
    return ok(undefined);
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
