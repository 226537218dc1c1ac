// General Settings rules (spec §2 "Settings", §9 "3 time zones; 3 languages"). Save Changes stores what it validates.
import { TIME_ZONE_NAMES } from '../i18n/zone';
import { SETTINGS_TABS, type SettingsTab } from './constants';
import { listValue, message, type Message } from './messages';
import { accept, LANGUAGES, refuse, TIME_ZONES, type GeneralSettings, type Language, type Result, type TimeZone } from './types';

/** The longest company name we keep; longer input is refused rather than cut. */
export const COMPANY_NAME_MAX = 120;

/** The active tab from a URL value: unknown or missing values give the default, General Settings (spec §4). */
export function settingsTabFrom(value: string | null | undefined): SettingsTab {
  return SETTINGS_TABS.some((tab) => tab.id === value) ? (value as SettingsTab) : 'general';
}

export const isTimeZone = (value: string): value is TimeZone => TIME_ZONES.some((zone) => zone.value === value);
export const isLanguage = (value: string): value is Language => LANGUAGES.some((language) => language.value === value);

/** Checks the General Settings form: a company name, one of the 3 time zones, one of the 3 languages. */
export function validateGeneralSettings(draft: { companyName: string; timeZone: string; language: string }): Result<GeneralSettings> {
  const companyName = draft.companyName.trim();
  if (!companyName) return refuse('domain.settings.companyRequired');
  if (companyName.length > COMPANY_NAME_MAX) return refuse('domain.settings.companyTooLong', { max: COMPANY_NAME_MAX });
  if (!isTimeZone(draft.timeZone)) return refuse('domain.settings.zoneInvalid');
  if (!isLanguage(draft.language)) return refuse('domain.settings.languageInvalid');
  return accept({ companyName, timeZone: draft.timeZone, language: draft.language }, 'domain.settings.saved');
}

/** What changed between two saves, for the activity log: each change said in the reader's language. */
export function describeSettingsChange(before: GeneralSettings, after: GeneralSettings): Message {
  const changes: Message[] = [];
  if (before.companyName !== after.companyName) changes.push(message('activity.byAction.settings.company', { name: after.companyName }));
  if (before.timeZone !== after.timeZone) changes.push(message('activity.byAction.settings.zone', { zone: message(TIME_ZONE_NAMES[after.timeZone]) }));
  if (before.language !== after.language) changes.push(message('activity.byAction.settings.language', { language: message(`language.${after.language}`) }));
  return changes.length ? message('activity.byAction.settings.changed', { changes: listValue(changes) }) : message('activity.details.noSettingsChange');
}
