import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useReducer, useRef, useState } from 'react';
import { CONNECT_SIMULATION_MS } from '../../lib/domain/constants';
import type { Message } from '../../lib/domain/messages';
import {
  checkInvites,
  initialOnboardingState,
  isLastStep,
  onboardingProgress,
  onboardingReducer,
  type OnboardingAction,
} from '../../lib/domain/onboarding';
import { useNavigation } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { useT, useWhyNot } from '../ui/i18n';
import { integrationDescriptionIn } from '../../lib/i18n/integrations';
import { showResult, toast } from '../ui/toast';

export interface OnboardingControllerOptions {
  /** Where Finish goes. Default '/dashboard' (spec §2). */
  finishHref?: string;
}

/** The wizard's state (pure reducer of lib/domain/onboarding) and its effects on the store. */
export function useOnboardingController({ finishHref = '/dashboard' }: OnboardingControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const i18n = useT();
  const { t, say } = i18n;
  const whyNot = useWhyNot();
  const navigation = useNavigation();
  const [state, dispatch] = useReducer(onboardingReducer, store.admin.automationDefaults.value.value, initialOnboardingState);
  const [connecting, setConnecting] = useState<ReadonlySet<string>>(new Set());
  const [inviteErrors, setInviteErrors] = useState<Record<number, Message>>({});
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const integrations = store.admin.integrations.items.value;
  const connectBlocked = whyNot('editAutomations');

  /** Spec §4: Connect waits 1.5 s, then succeeds; the connection is recorded in Integrations. */
  function connect(integrationId: string, provider: string) {
    if (connecting.has(integrationId)) return;
    setConnecting((s) => new Set(s).add(integrationId));
    const toastId = toast.loading(t('domain.integrations.connecting', { provider }));
    setTimeout(() => {
      const result = store.admin.connectIntegration(integrationId);
      showResult(result, { success: t('domain.integrations.connected', { provider }), id: toastId });
      if (mounted.current)
        setConnecting((s) => {
          const next = new Set(s);
          next.delete(integrationId);
          return next;
        });
    }, CONNECT_SIMULATION_MS);
  }

  function update(action: OnboardingAction) {
    if (action.type === 'setInvite' || action.type === 'removeInvite') setInviteErrors({});
    dispatch(action);
  }

  /** Finish: every non-empty invite must be valid; then defaults are saved, invites sent, and on to the dashboard. */
  function finish() {
    const { valid, problems } = checkInvites(state.invites, store.team.members.items.peek());
    if (problems.length) {
      setInviteErrors(Object.fromEntries(problems.map((p) => [p.index, p.problem])));
      toast.error(say(problems[0].problem));
      return;
    }
    const inviteBlocked = valid.length ? whyNot('manageTeam') : null;
    if (inviteBlocked) {
      toast.error(inviteBlocked);
      return;
    }
    if (!connectBlocked) {
      const saved = store.admin.setAutomationDefaults(state.flags);
      if (!showResult(saved)) return;
    }
    for (const email of valid) showResult(store.team.invite(email));
    navigation.navigate(finishHref);
  }

  return {
    step: state.step,
    flags: state.flags,
    invites: state.invites,
    inviteErrors,
    progress: onboardingProgress(state.step),
    isFirst: state.step === 0,
    isLast: isLastStep(state.step),
    connectBlocked,
    integrationStatus: (id: string) => integrations.find((i) => i.id === id)?.status ?? 'disconnected',
    integrationDescription: (id: string) => {
      const integration = integrations.find((i) => i.id === id);
      return integration ? integrationDescriptionIn(i18n, integration) : '';
    },
    isConnecting: (id: string) => connecting.has(id),
    connect,
    next: () => (isLastStep(state.step) ? finish() : update({ type: 'next' })),
    back: () => update({ type: 'back' }),
    toggle: (key: keyof typeof state.flags) => update({ type: 'toggle', key }),
    setInvite: (index: number, email: string) => update({ type: 'setInvite', index, email }),
    addInvite: () => update({ type: 'addInvite' }),
    removeInvite: (index: number) => update({ type: 'removeInvite', index }),
  };
}
