import { describe, expect, it } from 'vitest';
import { englishOf } from '../../lib/domain/messages';
import { describeSettingsChange, settingsTabFrom, validateGeneralSettings } from '../../lib/domain/settings';

describe('general settings rules', () => {
  it('defaults the tab to general for a missing or unknown value', () => {
    expect(settingsTabFrom(undefined)).toBe('general');
    expect(settingsTabFrom('nope')).toBe('general');
    expect(settingsTabFrom('export')).toBe('export');
  });
  it('accepts one of the 3 time zones and 3 languages with a company name', () => {
    expect(validateGeneralSettings({ companyName: ' Acme ', timeZone: 'UTC', language: 'es' })).toMatchObject({
      ok: true,
      value: { companyName: 'Acme', timeZone: 'UTC', language: 'es' },
    });
  });
  it('refuses a blank name, an unknown time zone or language', () => {
    expect(validateGeneralSettings({ companyName: ' ', timeZone: 'UTC', language: 'es' })).toEqual({
      ok: false,
      error: 'Please enter a company name',
      problem: { key: 'domain.settings.companyRequired' },
    });
    expect(validateGeneralSettings({ companyName: 'A'.repeat(121), timeZone: 'UTC', language: 'es' })).toEqual({
      ok: false,
      error: 'Company name must be at most 120 characters',
      problem: { key: 'domain.settings.companyTooLong', values: { max: 120 } },
    });
    expect(validateGeneralSettings({ companyName: 'A', timeZone: 'Mars/Base', language: 'es' }).ok).toBe(false);
    expect(validateGeneralSettings({ companyName: 'A', timeZone: 'UTC', language: 'de' }).ok).toBe(false);
  });
  it('describes what changed for the activity log', () => {
    const before = { companyName: 'A', timeZone: 'UTC', language: 'en-US' } as const;
    expect(englishOf(describeSettingsChange(before, { ...before, timeZone: 'America/New_York' }))).toBe('Changed time zone Eastern Time (ET)');
    expect(englishOf(describeSettingsChange(before, { companyName: 'Acme', timeZone: 'UTC', language: 'es' }))).toBe('Changed company name "Acme", language Spanish');
    expect(englishOf(describeSettingsChange(before, before))).toBe('Saved without changes');
  });
});
