// Profile form rules (spec §2 "Profile settings", §3 "Profile form", §5 "Profile save", §8).
import { isValidEmail } from './team';
import { CHANNELS, accept, refuse, type Channel, type Profile, type ProfileForm, type Result, type TeamMember } from './types';

/** Toggle titles: 'X Notifications' (spec §2). */
export const CHANNEL_TITLES: Record<Channel, string> = {
  email: 'Email Notifications',
  sms: 'SMS Notifications',
  slack: 'Slack Notifications',
  browser: 'Browser Notifications',
};

/** A fresh form from the saved profile: password fields always start empty (passwords are never stored). */
export function profileFormFrom(profile: Profile, member?: Pick<TeamMember, 'name' | 'email'> | null): ProfileForm {
  // The signed-in member's own name and email (on a team server the saved profile may be another member's).
  const own = member ? { name: member.name, email: member.email } : {};
  return { ...profile, ...own, notifications: { ...profile.notifications }, currentPassword: '', newPassword: '', confirmPassword: '' };
}

/** Whether two profile forms hold the same edits (every field and switch); unsaved changes make them differ. */
export function sameProfileForm(a: ProfileForm, b: ProfileForm): boolean {
  const fields = ['name', 'email', 'currentPassword', 'newPassword', 'confirmPassword'] as const;
  return fields.every((key) => a[key] === b[key]) && CHANNELS.every((channel) => a.notifications[channel] === b.notifications[channel]);
}

/**
 * Checks a profile save. A new password that differs from its confirmation stops the save with the
 * spec's message (§5); the current password is not checked (§5). Name and a valid email are required.
 * Returns the profile to keep: the password fields are dropped, never stored.
 */
export function validateProfile(form: ProfileForm, team: readonly TeamMember[] = [], selfId?: string): Result<Profile> {
  if (form.newPassword !== '' && form.newPassword !== form.confirmPassword) return refuse('domain.profile.mismatch');
  if (form.newPassword === '' && form.confirmPassword !== '') return refuse('domain.profile.mismatch');
  const name = form.name.trim();
  const email = form.email.trim();
  if (!name) return refuse('domain.profile.nameRequired');
  if (!email) return refuse('domain.enterEmail');
  if (!isValidEmail(email)) return refuse('domain.profile.emailInvalid', { email });
  if (team.some((member) => member.id !== selfId && member.email.toLowerCase() === email.toLowerCase()))
    return refuse('domain.profile.emailTaken', { email });
  const notifications = Object.fromEntries(CHANNELS.map((channel) => [channel, Boolean(form.notifications[channel])])) as Profile['notifications'];
  return accept({ name, email, notifications }, 'domain.profile.updated');
}
