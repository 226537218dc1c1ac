// Onboarding wizard of spec §2 "Onboarding wizard", §3 "Onboarding flags" / "Invite list",
// §4 "Onboarding". Pure state: the widget keeps it with useReducer.
import { ONBOARDING_STEPS } from './constants';
import { problemOf, type Message } from './messages';
import { validateInviteEmail } from './team';
import type { AutomationDefaults, TeamMember } from './types';

/** The three steps, texts word for word (spec §2). */
export const ONBOARDING_STEP_TEXTS = [
  { id: 'stores', title: 'Connect Your Stores', description: 'Link your marketplace accounts to start managing your creator funnels.' },
  { id: 'automation', title: 'Configure Automation', description: 'Set up default automation flows for common events.' },
  { id: 'team', title: 'Invite Team Members', description: 'Add your team members to collaborate on creator campaigns.' },
] as const;

/** Two online marketplaces and one social network, by their Integrations ids. */
export const ONBOARDING_MARKETPLACES = [
  { integrationId: 'amazon', provider: 'Amazon' },
  { integrationId: 'ebay', provider: 'eBay' },
  { integrationId: 'instagram-shop', provider: 'Instagram Shop' },
] as const;

/** The three automation toggles with their labels, in the spec's order. */
export const AUTOMATION_TOGGLES: readonly { key: keyof AutomationDefaults; label: string; description: string }[] = [
  { key: 'payment', label: 'Payment automation', description: 'Run the payment flow when a creator confirms.' },
  { key: 'shipment', label: 'Shipment automation', description: 'Create a shipment when a funnel reaches Shipped.' },
  { key: 'review', label: 'Review automation', description: 'Request a review when content is delivered.' },
];

/** Default flags: payment on, shipment on, review off (spec §3). */
export const DEFAULT_ONBOARDING_FLAGS: AutomationDefaults = { payment: true, shipment: true, review: false };

export interface OnboardingState {
  /** 0 to 2. */
  step: number;
  flags: AutomationDefaults;
  /** Invite e-mail entries; starts with one empty entry (spec §3). */
  invites: string[];
}

export function initialOnboardingState(flags: AutomationDefaults = DEFAULT_ONBOARDING_FLAGS): OnboardingState {
  return { step: 0, flags: { ...flags }, invites: [''] };
}

export type OnboardingAction =
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'toggle'; key: keyof AutomationDefaults }
  | { type: 'setInvite'; index: number; email: string }
  | { type: 'addInvite' }
  | { type: 'removeInvite'; index: number };

export const LAST_STEP = ONBOARDING_STEPS - 1;
export const isLastStep = (step: number) => step >= LAST_STEP;

/** Next increments the step (never past the last), Back decrements it, never below 0 (spec §4). */
export function onboardingReducer(state: OnboardingState, action: OnboardingAction): OnboardingState {
  switch (action.type) {
    case 'next':
      return isLastStep(state.step) ? state : { ...state, step: state.step + 1 };
    case 'back':
      return state.step <= 0 ? state : { ...state, step: state.step - 1 };
    case 'toggle':
      return { ...state, flags: { ...state.flags, [action.key]: !state.flags[action.key] } };
    case 'setInvite':
      if (action.index < 0 || action.index >= state.invites.length) return state;
      return { ...state, invites: state.invites.map((email, i) => (i === action.index ? action.email : email)) };
    case 'addInvite':
      return { ...state, invites: [...state.invites, ''] };
    case 'removeInvite': {
      if (action.index < 0 || action.index >= state.invites.length) return state;
      const invites = state.invites.filter((_, i) => i !== action.index);
      // The list never disappears: removing the last entry leaves one empty entry.
      return { ...state, invites: invites.length ? invites : [''] };
    }
  }
}

/** Progress bar width: (step + 1) / 3, as a whole percent (spec §4). */
export const onboardingProgress = (step: number) => Math.round(((step + 1) / ONBOARDING_STEPS) * 100);

export interface InviteCheck {
  /** Addresses to invite: trimmed, valid, not on the team, each once. */
  valid: string[];
  /** Entries that cannot be invited, with the reason. */
  problems: { index: number; error: string; problem: Message }[];
}

/**
 * Checks the invite list on Finish: empty entries are skipped; every other entry must be a
 * valid address not already on the team, so Finish never sends an invite that cannot arrive.
 */
export function checkInvites(invites: readonly string[], team: readonly TeamMember[]): InviteCheck {
  const valid: string[] = [];
  const problems: InviteCheck['problems'] = [];
  const seen = new Set<string>();
  invites.forEach((raw, index) => {
    if (!raw.trim()) return;
    const checked = validateInviteEmail(raw, team);
    if (!checked.ok) {
      problems.push({ index, error: checked.error, problem: problemOf(checked) });
      return;
    }
    const key = checked.value.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    valid.push(checked.value);
  });
  return { valid, problems };
}
