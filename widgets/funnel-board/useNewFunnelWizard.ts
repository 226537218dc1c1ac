import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { checkImageFile } from '../../lib/domain/funnels';
import {
  emptyNewFunnelDraft,
  NEW_FUNNEL_FIELDS,
  validateNewFunnelStep,
  type NewFunnelDraft,
  type NewFunnelErrors,
  type NewFunnelStep,
} from '../../lib/domain/new-funnel';
import { readImageFile, unreadableImage } from '../ui/readImageFile';
import { useStore } from '../ui/store-context';
import { useWhyNot } from '../ui/i18n';
import { showResult } from '../ui/toast';

/** The New Funnel wizard's state: open or not, the step, the draft and each field's problem. */
export function useNewFunnelWizard() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const me = store.session.currentMember.value;
  const members = store.team.members.items.value.filter((m) => m.status === 'Active').map((m) => m.name);
  const [open, setOpen] = useState(false);
  const [step, setStep] = useState<NewFunnelStep>(0);
  const [draft, setDraft] = useState<NewFunnelDraft>(() => emptyNewFunnelDraft(store.now(), me?.name ?? ''));
  const [errors, setErrors] = useState<NewFunnelErrors>({});

  /** Checks the current step; shows its problems and returns false when there are any. */
  function check(): boolean {
    const found = validateNewFunnelStep(step, draft, store.funnels.items.items.peek());
    setErrors(found);
    return NEW_FUNNEL_FIELDS[step].every((field) => !found[field]);
  }

  return {
    open,
    step,
    draft,
    errors,
    /** Active members, offered as the assignee. */
    members,
    /** Why the member may not create funnels, or null. */
    blocked: whyNot(),
    start() {
      setDraft(emptyNewFunnelDraft(store.now(), me?.name ?? ''));
      setStep(0);
      setErrors({});
      setOpen(true);
    },
    close: () => setOpen(false),
    update(change: Partial<NewFunnelDraft>) {
      setDraft((d) => ({ ...d, ...change }));
      // A field's problem goes once it is edited; the step is checked again on Next.
      setErrors((e) => {
        const next = { ...e };
        for (const key of Object.keys(change) as (keyof NewFunnelDraft)[]) delete next[key];
        return next;
      });
    },
    async chooseAvatar(file: File | undefined) {
      if (!file) return setDraft((d) => ({ ...d, avatar: '' }));
      const problem = checkImageFile(file);
      if (problem) return setErrors((e) => ({ ...e, avatar: problem }));
      try {
        const avatar = await readImageFile(file);
        setDraft((d) => ({ ...d, avatar }));
        setErrors((e) => ({ ...e, avatar: undefined }));
      } catch {
        setErrors((e) => ({ ...e, avatar: unreadableImage(file) }));
      }
    },
    back() {
      setErrors({});
      setStep((s) => Math.max(0, s - 1) as NewFunnelStep);
    },
    /** Next on steps 1 and 2, Create on step 3; returns false when the step has problems. */
    next(): boolean {
      if (!check()) return false;
      if (step < 2) {
        setStep((step + 1) as NewFunnelStep);
        return true;
      }
      const result = store.funnels.createFunnel(draft);
      if (!showResult(result)) return false;
      setOpen(false);
      return true;
    },
  };
}

export type NewFunnelWizardController = ReturnType<typeof useNewFunnelWizard>;
