// Funnels: the list, each member's dashboard layout, Smart Matching criteria, and the funnel
// writes (lib/mutators/funnels.ts) as actions.
import { computed } from '@preact/signals-core';
import type { OutreachOptions, StepDraft } from '../domain/funnels';
import type { NewFunnelDraft } from '../domain/new-funnel';
import type { DashboardLayouts } from '../domain/types';
import type { CriteriaGroup } from '../sample/suggestions';
import type { StoreContext } from './core';

export type { DashboardLayouts } from '../domain/types';

export function createFunnelsSlice(ctx: StoreContext) {
  const items = ctx.collection('funnels');
  /** Each member's arranged dashboard grid, by member id. */
  const dashboardLayout = ctx.singleton('dashboardLayout');
  /** Smart Matching criteria tags of the workspace. */
  const matchingCriteria = ctx.singleton('matchingCriteria');

  /** The signed-in member's saved layouts, or null for the default arrangement. */
  const myLayout = computed(() => {
    const member = ctx.currentMember.value;
    return member ? (dashboardLayout.value.value[member.id] ?? null) : null;
  });

  return {
    items,
    dashboardLayout,
    myLayout,
    matchingCriteria,
    /** Saves step `stepIndex` of a funnel (spec §4); `messages` holds the toasts. */
    saveStep: (funnelId: string, stepIndex: number, draft: StepDraft) => ctx.mutate('funnels.saveStep', { funnelId, stepIndex, draft }),
    /** Outreach: the message is kept; a funnel at Brief moves to Confirmation unless `options.advance` is false (the creator screen). */
    sendOutreach: (funnelId: string, message: string, options: OutreachOptions = {}) => ctx.mutate('funnels.sendOutreach', { funnelId, message, options }),
    /** Queues a failed outreach email again (the same message, a fresh portal link). */
    retryOutreach: (funnelId: string, outreachId: string) => ctx.mutate('funnels.retryOutreach', { funnelId, outreachId }),
    sendBrief: (funnelId: string) => ctx.mutate('funnels.sendBrief', { funnelId }),
    togglePriority: (funnelId: string) => ctx.mutate('funnels.togglePriority', { funnelId }),
    setGiftAllowance: (funnelId: string, maxItems: number, maxValue: number) => ctx.mutate('funnels.setGiftAllowance', { funnelId, maxItems, maxValue }),
    updateBio: (funnelId: string, bio: string) => ctx.mutate('funnels.updateBio', { funnelId, bio }),
    setInterestTags: (funnelId: string, tags: string[]) => ctx.mutate('funnels.setInterestTags', { funnelId, tags }),
    /** Sets the creator's picture (a data: URL of an image the member uploaded). */
    updateAvatar: (funnelId: string, dataUrl: string) => ctx.mutate('funnels.updateAvatar', { funnelId, dataUrl }),
    /** Invites a suggested creator: starts a funnel at Brief for them. */
    inviteSuggested: (suggestedId: string) => ctx.mutate('funnels.inviteSuggested', { suggestedId }),
    /** New Funnel wizard: creates a funnel at Brief with its steps, at the top of the list. */
    createFunnel: (draft: NewFunnelDraft) => ctx.mutate('funnels.create', { draft }),
    setDiscountCode: (id: string, code: string) => ctx.mutate('funnels.setDiscountCode', { id, code }),
    /** Sets an engagement's commission terms; null removes a term. */
    setCommissionTerms: (funnelId: string, commissionPercent: number | null, flatFee: number | null) => ctx.mutate('funnels.setCommissionTerms', { funnelId, commissionPercent, flatFee }),
    /** Payments Admins recorded as made to creators. */
    payments: ctx.collection('payments'),
    /** Records a payment made to a creator (Admins only); Creatorflow never moves money. */
    recordPayment: (funnelId: string, payment: { paidOn: string; amount: number; reference: string }) => ctx.mutate('payments.record', { funnelId, ...payment }),
    addCriteriaTag: (group: CriteriaGroup, text: string) => ctx.mutate('funnels.addCriteriaTag', { group, text }),
    removeCriteriaTag: (group: CriteriaGroup, tag: string) => ctx.mutate('funnels.removeCriteriaTag', { group, tag }),
    /** Saves the signed-in member's dashboard grid; Viewers may arrange their own dashboard too. */
    saveDashboardLayout: (layouts: DashboardLayouts | null) => ctx.mutate('funnels.saveDashboardLayout', { layouts }),
  };
}
