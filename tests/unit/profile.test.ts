import { describe, expect, it } from 'vitest';
import { CHANNEL_TITLES, profileFormFrom, validateProfile } from '../../lib/domain/profile';
import { defaultProfile, sampleTeam } from '../../lib/sample/workspace';

const form = profileFormFrom(defaultProfile());

describe('profile rules', () => {
  it('starts with the sample defaults: email on, sms off, slack on, browser on; empty passwords', () => {
    expect(form.notifications).toEqual({ email: true, sms: false, slack: true, browser: true });
    expect([form.currentPassword, form.newPassword, form.confirmPassword]).toEqual(['', '', '']);
    expect(Object.values(CHANNEL_TITLES)).toEqual(['Email Notifications', 'SMS Notifications', 'Slack Notifications', 'Browser Notifications']);
  });
  it("blocks a new password that differs from its confirmation with the spec's message", () => {
    expect(validateProfile({ ...form, newPassword: 'abc', confirmPassword: 'abd' })).toMatchObject({ ok: false, error: 'New passwords do not match' });
    expect(validateProfile({ ...form, confirmPassword: 'abd' })).toMatchObject({ ok: false, error: 'New passwords do not match' });
  });
  it('does not check the current password, and never returns passwords', () => {
    const result = validateProfile({ ...form, currentPassword: 'anything', newPassword: 's3cret', confirmPassword: 's3cret' });
    expect(result).toMatchObject({ ok: true, message: 'Profile updated successfully' });
    expect(JSON.stringify(result)).not.toContain('s3cret');
  });
  it('requires a name and a valid email not used by another member', () => {
    expect(validateProfile({ ...form, name: ' ' }).ok).toBe(false);
    expect(validateProfile({ ...form, email: 'x' }).ok).toBe(false);
    expect(validateProfile({ ...form, email: 'jamie.smith@creatorflow.example' }, sampleTeam(), 'tm_1').ok).toBe(false);
    expect(validateProfile(form, sampleTeam(), 'tm_1').ok).toBe(true);
  });
});
