import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkInvites,
  DEFAULT_ONBOARDING_FLAGS,
  initialOnboardingState,
  isLastStep,
  ONBOARDING_MARKETPLACES,
  ONBOARDING_STEP_TEXTS,
  onboardingProgress,
  onboardingReducer,
  type OnboardingAction,
} from '../../lib/domain/onboarding';
import { sampleIntegrations, sampleTeam } from '../../lib/sample/workspace';

describe('onboarding wizard state (spec §3, §4)', () => {
  it('starts on step 0 with payment and shipment on, review off, and one empty invite', () => {
    expect(initialOnboardingState()).toEqual({ step: 0, flags: { payment: true, shipment: true, review: false }, invites: [''] });
    expect(DEFAULT_ONBOARDING_FLAGS).toEqual({ payment: true, shipment: true, review: false });
  });

  it('has the three steps with the spec texts', () => {
    expect(ONBOARDING_STEP_TEXTS.map((s) => [s.title, s.description])).toEqual([
      ['Connect Your Stores', 'Link your marketplace accounts to start managing your creator funnels.'],
      ['Configure Automation', 'Set up default automation flows for common events.'],
      ['Invite Team Members', 'Add your team members to collaborate on creator campaigns.'],
    ]);
  });

  it('Next increments up to the last step; Back never goes below 0', () => {
    let s = initialOnboardingState();
    s = onboardingReducer(s, { type: 'back' });
    expect(s.step).toBe(0);
    s = onboardingReducer(s, { type: 'next' });
    s = onboardingReducer(s, { type: 'next' });
    expect(s.step).toBe(2);
    expect(isLastStep(s.step)).toBe(true);
    expect(onboardingReducer(s, { type: 'next' }).step).toBe(2);
    expect(onboardingReducer(s, { type: 'back' }).step).toBe(1);
  });

  it('progress is (step+1)/3', () => {
    expect([0, 1, 2].map(onboardingProgress)).toEqual([33, 67, 100]);
  });

  it('toggles flags and edits the invite list; removing the last entry leaves one empty entry', () => {
    let s = initialOnboardingState();
    s = onboardingReducer(s, { type: 'toggle', key: 'review' });
    expect(s.flags.review).toBe(true);
    s = onboardingReducer(s, { type: 'setInvite', index: 0, email: 'a@x.io' });
    s = onboardingReducer(s, { type: 'addInvite' });
    expect(s.invites).toEqual(['a@x.io', '']);
    s = onboardingReducer(s, { type: 'removeInvite', index: 0 });
    expect(s.invites).toEqual(['']);
    s = onboardingReducer(s, { type: 'removeInvite', index: 0 });
    expect(s.invites).toEqual(['']);
  });

  it('property: the step stays within 0..2 and the invite list is never empty', () => {
    const action = fc.oneof(
      fc.constant<OnboardingAction>({ type: 'next' }),
      fc.constant<OnboardingAction>({ type: 'back' }),
      fc.constant<OnboardingAction>({ type: 'addInvite' }),
      fc.integer({ min: -1, max: 4 }).map<OnboardingAction>((index) => ({ type: 'removeInvite', index })),
      fc.constantFrom('payment', 'shipment', 'review').map<OnboardingAction>((key) => ({ type: 'toggle', key: key as 'payment' })),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 40 }), (actions) => {
        const end = actions.reduce(onboardingReducer, initialOnboardingState());
        expect(end.step).toBeGreaterThanOrEqual(0);
        expect(end.step).toBeLessThanOrEqual(2);
        expect(end.invites.length).toBeGreaterThan(0);
      }),
    );
  });

  it('Finish invites valid addresses once each, skips empty entries, and reports invalid or existing ones', () => {
    const team = sampleTeam();
    const existing = team[0].email;
    const result = checkInvites(['  new@brand.com ', '', 'NEW@brand.com', 'not-an-email', existing], team);
    expect(result.valid).toEqual(['new@brand.com']);
    expect(result.problems.map((p) => p.index)).toEqual([3, 4]);
    expect(result.problems[0].error).toBe('not-an-email is not a valid email address');
    expect(checkInvites([''], team)).toEqual({ valid: [], problems: [] });
  });

  it('the three marketplaces exist in the sample Integrations', () => {
    const ids = sampleIntegrations(new Date()).map((i) => i.id);
    for (const m of ONBOARDING_MARKETPLACES) expect(ids).toContain(m.integrationId);
  });
});
