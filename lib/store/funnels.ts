// Funnel actions (spec §4): step saves with their notifications, outreach, priority,
// profile edits, suggested-creator invites and each member's dashboard layout.
import { computed } from '@preact/signals-core';
import {
  addTag,
  buildStepsFromStatus,
  nextFunnelId,
  progressPercentage,
  saveStep as saveStepRule,
  sendOutreach as sendOutreachRule,
  STEP_NAMES,
  type OutreachOptions,
  type StepDraft,
  type StepSaveOutcome,
} from '../domain/funnels';
import { createFunnel as createFunnelRule, type NewFunnelDraft } from '../domain/new-funnel';
import { fail, ok, type Funnel, type GridItem, type Result } from '../domain/types';
import { CRITERIA_GROUPS, DEFAULT_MATCHING_CRITERIA, SUGGESTED_CREATORS, type CriteriaGroup } from '../sample/suggestions';
import type { StoreContext } from './core';
import type { AppNotification } from '../domain/types';

export type { DashboardLayouts } from '../domain/types';
import type { DashboardLayouts } from '../domain/types';

const NOT_FOUND = 'This creator no longer exists';

export function createFunnelsSlice(ctx: StoreContext) {
  const items = ctx.collection<Funnel>('funnels');
  /** Each member's arranged dashboard grid, by member id. */
  const dashboardLayout = ctx.singleton<Record<string, DashboardLayouts>>('dashboardLayout', {});
  /** Smart Matching criteria tags of the workspace. */
  const matchingCriteria = ctx.singleton<Record<CriteriaGroup, string[]>>('matchingCriteria', DEFAULT_MATCHING_CRITERIA);
  // Looked up lazily: the notifications slice (created after this one) owns the collection and its sort.
  const notifications = () => ctx.collection<AppNotification>('notifications');

  /** The signed-in member's saved layouts, or null for the default arrangement. */
  const myLayout = computed(() => {
    const member = ctx.currentMember.value;
    return member ? (dashboardLayout.value.value[member.id] ?? null) : null;
  });

  function update(id: string, change: (funnel: Funnel) => Result<Funnel>, log: (before: Funnel, after: Funnel) => { action: string; details: string }) {
    const funnel = items.get(id);
    if (!funnel) return fail<Funnel>(NOT_FOUND);
    const result = change(funnel);
    if (!result.ok) return result;
    ctx.transaction(() => {
      items.put(result.value);
      ctx.log({ ...log(funnel, result.value), actionType: 'funnel', metadata: { funnelId: id } });
    });
    return result;
  }

  /**
   * Saves step `stepIndex` of a funnel (spec §4). Each notification sent lands, unread, at the
   * top of Notifications; the change is in the activity log; all in one transaction.
   * `messages` holds the toasts ('Email notification sent to @handle', ...).
   */
  function saveStep(funnelId: string, stepIndex: number, draft: StepDraft): Result<StepSaveOutcome> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const funnel = items.get(funnelId);
    if (!funnel) return fail(NOT_FOUND);
    const result = saveStepRule(funnel, stepIndex, draft, ctx.now());
    if (!result.ok) return result;
    const { funnel: updated, advanced, previousStatus, notifications: sent } = result.value;
    ctx.transaction(() => {
      items.put(updated);
      ctx.log({
        action: advanced ? 'Funnel status updated' : 'Funnel step saved',
        actionType: 'funnel',
        details:
          advanced && updated.status !== previousStatus
            ? `${funnel.creatorName} moved from ${previousStatus} to ${updated.status} (step "${updated.steps[stepIndex].name}")`
            : `${funnel.creatorName}: step "${updated.steps[stepIndex].name}" saved`,
        metadata: { funnelId },
      });
      for (const n of sent) {
        const notification: AppNotification = {
          id: ctx.newId('nt'),
          type: n.channel,
          title: n.title,
          message: n.message,
          timestamp: ctx.now().toISOString(),
          read: false,
          snoozedUntil: null,
        };
        notifications().put(notification, { prepend: true });
        ctx.log({ action: 'Notification sent', actionType: 'notification', details: `${n.channel === 'sms' ? 'SMS' : 'Email'} to ${n.to}: ${n.message}` });
      }
    });
    return result;
  }

  /**
   * Sends outreach (permission sendOutreach): the message is kept in the creator's history; a
   * funnel at Brief moves to Confirmation unless `options.advance` is false (the creator screen).
   */
  function sendOutreach(funnelId: string, message: string, options: OutreachOptions = {}): Result<Funnel> {
    const allowed = ctx.authorize('sendOutreach');
    if (!allowed.ok) return allowed;
    return update(
      funnelId,
      (funnel) => sendOutreachRule(funnel, message, allowed.value.name, ctx.now(), ctx.newId('msg'), options),
      (before) => ({ action: 'Outreach sent', details: `Message sent to ${before.creatorHandle}${message.trim() ? `: ${message.trim()}` : ' (no text)'}` }),
    );
  }

  /** Sends the creative brief: saves the Creative Brief Delivery step as it is, which advances the funnel like any step save. */
  function sendBrief(funnelId: string): Result<StepSaveOutcome> {
    const funnel = items.get(funnelId);
    if (!funnel) return fail(NOT_FOUND);
    let index = funnel.steps.findIndex((s) => s.name === STEP_NAMES[2]);
    if (index < 0) index = Math.min(2, funnel.steps.length - 1);
    const step = funnel.steps[index];
    const result = saveStep(funnelId, index, { name: step.name, description: step.description });
    if (!result.ok) return result;
    const messages = result.messages?.length ? result.messages : [`Creative brief sent to ${funnel.creatorHandle}`];
    return { ...result, messages };
  }

  function togglePriority(funnelId: string): Result<Funnel> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    return update(
      funnelId,
      (funnel) => ok({ ...funnel, isPriority: !funnel.isPriority, lastUpdated: ctx.now().toISOString() }),
      (_before, after) => ({ action: after.isPriority ? 'Marked as priority' : 'Priority removed', details: after.creatorName }),
    );
  }

  function updateBio(funnelId: string, bio: string): Result<Funnel> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    return update(
      funnelId,
      (funnel) => ok({ ...funnel, bio, lastUpdated: ctx.now().toISOString() }, 'Creator bio saved'),
      (before) => ({ action: 'Creator bio updated', details: before.creatorName }),
    );
  }

  function setInterestTags(funnelId: string, tags: string[]): Result<Funnel> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    return update(
      funnelId,
      (funnel) => ok({ ...funnel, interestTags: [...tags], lastUpdated: ctx.now().toISOString() }),
      (before) => ({ action: 'Interest tags updated', details: `${before.creatorName}: ${tags.join(', ') || 'none'}` }),
    );
  }

  /** Sets the creator's picture (a data: URL of an image the member uploaded). */
  function updateAvatar(funnelId: string, dataUrl: string): Result<Funnel> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    if (!dataUrl.startsWith('data:image/')) return fail('Choose an image file');
    return update(
      funnelId,
      (funnel) => ok({ ...funnel, creatorAvatar: dataUrl, lastUpdated: ctx.now().toISOString() }, 'Profile picture updated'),
      (before) => ({ action: 'Profile picture updated', details: before.creatorName }),
    );
  }

  /** Invites a suggested creator: starts a funnel at Brief for them. */
  function inviteSuggested(suggestedId: string): Result<Funnel> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const suggested = SUGGESTED_CREATORS.find((c) => c.id === suggestedId);
    if (!suggested) return fail('This suggestion is no longer available');
    const all = items.items.peek();
    const existing = all.find((f) => f.creatorHandle.toLowerCase() === suggested.handle.toLowerCase());
    if (existing) return fail(`${suggested.name} already has a funnel (${existing.id})`);
    const now = ctx.now();
    const steps = buildStepsFromStatus('Brief');
    const funnel: Funnel = {
      id: nextFunnelId(all),
      creatorName: suggested.name,
      creatorHandle: suggested.handle,
      creatorAvatar: suggested.avatar,
      status: 'Brief',
      category: 'Creator',
      activity: 'Pending',
      value: 0,
      progressPercentage: progressPercentage(steps),
      assignedTo: allowed.value.name,
      lastUpdated: now.toISOString(),
      isPriority: false,
      currentStage: 'Outreach',
      engagementType: 'Sponsored Post',
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
    ctx.transaction(() => {
      items.put(funnel, { prepend: true });
      ctx.log({ action: 'Creator invited', actionType: 'creator', details: `${suggested.name} (${suggested.handle}) started at Brief`, metadata: { funnelId: funnel.id } });
    });
    return ok(funnel, `${suggested.name} invited: funnel ${funnel.id} started at Brief`);
  }

  /** New Funnel wizard: creates a funnel at Brief with its steps, at the top of the list. */
  function createFunnel(draft: NewFunnelDraft): Result<Funnel> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const all = items.items.peek();
    const result = createFunnelRule(draft, all, { id: nextFunnelId(all), now: ctx.now() });
    if (!result.ok) return result;
    const funnel = result.value;
    ctx.transaction(() => {
      items.put(funnel, { prepend: true });
      ctx.log({ action: 'Funnel created', actionType: 'funnel', details: `${funnel.creatorName} (${funnel.creatorHandle}) started at Brief`, metadata: { funnelId: funnel.id } });
    });
    return result;
  }

  /** Adds a Smart Matching criteria tag (trimmed text must be non-empty, spec §5). */
  function addCriteriaTag(group: CriteriaGroup, text: string): Result<string[]> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const current = matchingCriteria.value.peek();
    const result = addTag(current[group] ?? [], text);
    if (!result.ok) return result;
    ctx.transaction(() => {
      matchingCriteria.set({ ...current, [group]: result.value });
      ctx.log({ action: 'Matching criteria updated', actionType: 'creator', details: `${labelOf(group)}: added ${text.trim()}` });
    });
    return result;
  }

  function removeCriteriaTag(group: CriteriaGroup, tag: string): Result<string[]> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const current = matchingCriteria.value.peek();
    const next = (current[group] ?? []).filter((t) => t !== tag);
    ctx.transaction(() => {
      matchingCriteria.set({ ...current, [group]: next });
      ctx.log({ action: 'Matching criteria updated', actionType: 'creator', details: `${labelOf(group)}: removed ${tag}` });
    });
    return ok(next);
  }

  /**
   * Saves the signed-in member's dashboard grid (a personal preference: Viewers may arrange
   * their own dashboard too). Unchanged layouts are not written again.
   */
  function saveDashboardLayout(layouts: DashboardLayouts | null): Result<void> {
    const member = ctx.currentMember.peek();
    if (!member) return fail('You are signed out. Sign in to make changes.');
    const all = dashboardLayout.value.peek();
    if (JSON.stringify(all[member.id] ?? null) === JSON.stringify(layouts)) return ok(undefined);
    const next = { ...all };
    if (layouts) next[member.id] = layouts;
    else delete next[member.id];
    ctx.transaction(() => {
      dashboardLayout.set(next);
      ctx.log({ action: layouts ? 'Dashboard layout saved' : 'Dashboard layout reset', actionType: 'system', details: member.name });
    });
    return ok(undefined);
  }

  return {
    items,
    dashboardLayout,
    myLayout,
    matchingCriteria,
    saveStep,
    sendOutreach,
    sendBrief,
    togglePriority,
    updateBio,
    setInterestTags,
    updateAvatar,
    inviteSuggested,
    createFunnel,
    addCriteriaTag,
    removeCriteriaTag,
    saveDashboardLayout,
  };
}

const labelOf = (group: CriteriaGroup) => CRITERIA_GROUPS.find((g) => g.id === group)?.label ?? group;
