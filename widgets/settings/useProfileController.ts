import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { profileFormFrom, sameProfileForm } from '../../lib/domain/profile';
import type { Channel, ProfileForm } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';

/** Profile settings: a form from the saved profile; passwords live only in this form. */
export function useProfileController() {
  useSignals();
  const store = useStore();
  const saved = store.admin.profile.value.value;
  const [form, setForm] = useState<ProfileForm>(() => profileFormFrom(store.admin.profile.value.peek()));
  const dirty = !sameProfileForm(form, profileFormFrom(saved));
  const [error, setError] = useState<string | null>(null);
  const blocked = store.session.whyNot();

  function save() {
    const result = store.admin.saveProfile(form);
    if (!result.ok) {
      setError(result.error);
      return result;
    }
    setError(null);
    setForm(profileFormFrom(result.value));
    return result;
  }

  return {
    form,
    update: (change: Partial<ProfileForm>) => setForm((current) => ({ ...current, ...change })),
    toggle: (channel: Channel) =>
      setForm((current) => ({ ...current, notifications: { ...current.notifications, [channel]: !current.notifications[channel] } })),
    error,
    /** True while the form differs from the saved profile (a typed password counts). */
    dirty,
    blocked,
    save,
  };
}
