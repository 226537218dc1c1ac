import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { profileFormFrom, sameProfileForm } from '../../lib/domain/profile';
import type { ServerErrorParams } from '../../lib/domain/server-errors';
import type { Channel, PasswordChange, ProfileForm } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';
import { useWhyNot } from '../ui/i18n';

type PasswordField = keyof PasswordChange;

/** Profile settings: a form from the saved profile; passwords live only in this form. */
export function useProfileController() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const saved = store.admin.profile.value.value;
  const me = store.session.currentMember.value;
  const [form, setForm] = useState<ProfileForm>(() => profileFormFrom(store.admin.profile.value.peek(), store.session.currentMember.peek()));
  const dirty = !sameProfileForm(form, profileFormFrom(saved, me));
  const [error, setError] = useState<{ message: string; field?: PasswordField; code?: string; params?: ServerErrorParams } | null>(null);
  const [saving, setSaving] = useState(false);
  const blocked = whyNot();

  async function save() {
    setSaving(true);
    const result = await store.admin.updateProfile(form).finally(() => setSaving(false));
    if (!result.ok) {
      setError({ message: result.error, field: result.field, code: result.code, params: result.params });
      return result;
    }
    setError(null);
    setForm(profileFormFrom(result.value, store.session.currentMember.peek()));
    return result;
  }

  return {
    form,
    update: (change: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...change })),
    toggle: (channel: Channel) =>
      setForm((current) => ({ ...current, notifications: { ...current.notifications, [channel]: !current.notifications[channel] } })),
    error: error?.message ?? null,
    /** The refusal with the team server's code and values, when it gave them (said in the screen's language). */
    refusal: error ? { error: error.message, code: error.code, params: error.params } : null,
    /** The password field the server's refusal is about (a wrong current password, a weak new one). */
    errorField: error?.field ?? null,
    saving,
    /** True while the form differs from the saved profile (a typed password counts). */
    dirty,
    blocked,
    save,
  };
}
