// CSV import rules (spec §2 "CSV import", §3 "CSV import mapping", §4, §5, §9). Rows that
// fail validation are reported by row number and not imported, the rest are; the import creates
// or updates creators matched by handle (docs/decisions/csv-import-matches-creators-by-handle.md). Pure: never throws for any input.
import { addDays } from 'date-fns/addDays';
import { buildStepsFromStatus, progressPercentage } from './funnels';
import { isValidEmail } from './team';
import { englishOf, message, type Message, type MessageKey } from './messages';
import { FUNNEL_CATEGORIES, SYSTEM_FIELDS, refuse, ok, type Funnel, type FunnelCategory, type Result, type SystemField } from './types';

/** One system field (or '' for "do not import") per CSV column, by column index. */
export type ColumnMapping = (SystemField | '')[];

export const REQUIRED_FIELDS: readonly SystemField[] = ['creator_handle', 'creator_name'];

const ALIASES: Record<SystemField, string[]> = {
  creator_handle: ['creatorhandle', 'handle', 'username', 'user', 'instagramhandle', 'socialhandle', 'creatorusername'],
  creator_name: ['creatorname', 'name', 'fullname', 'creator', 'displayname'],
  email: ['email', 'emailaddress', 'mail', 'creatoremail'],
  platform: ['platform', 'network', 'channel', 'socialnetwork'],
  followers: ['followers', 'followercount', 'audience', 'audiencesize', 'subscribers'],
  engagement_rate: ['engagementrate', 'engagement', 'er', 'engagementpercent'],
  category: ['category', 'niche', 'type'],
};

const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Guesses a field for each header; a field is guessed for one column at most. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const used = new Set<SystemField>();
  return headers.map((header) => {
    const key = normalizeHeader(String(header ?? ''));
    const field = SYSTEM_FIELDS.find((f) => !used.has(f) && (key === normalizeHeader(f) || ALIASES[f].includes(key)));
    if (!field) return '';
    used.add(field);
    return field;
  });
}

/** The mapping can be used: both required fields mapped, no field mapped to two columns. */
export function checkMapping(mapping: readonly (SystemField | '')[]): Result<void> {
  for (const field of SYSTEM_FIELDS) {
    if (mapping.filter((f) => f === field).length > 1) return refuse('domain.import.mappedTwice', { field });
  }
  const missing = REQUIRED_FIELDS.filter((field) => !mapping.includes(field));
  if (missing.length) return refuse('domain.import.mapRequired', { fields: missing.join(' and ') });
  return ok(undefined);
}

export interface CreatorDraft {
  /** Always starts with '@'. */
  handle: string;
  name: string;
  email?: string;
  platform?: string;
  followers?: number;
  engagementRate?: number;
  category?: string;
}

const HANDLE = /^@[A-Za-z0-9._-]{1,60}$/;
const MAX_TEXT = 200;

export function normalizeHandle(raw: string): string {
  const trimmed = raw.trim();
  return trimmed.startsWith('@') ? trimmed : `@${trimmed}`;
}

/** Whole, non-negative follower counts; thousands separators allowed ('12,500'). */
export function parseFollowers(raw: string): Result<number> {
  const text = raw.trim().replace(/[,_\s]/g, '');
  if (!/^\d+$/.test(text)) return refuse('domain.import.followersNumber', { value: raw.trim() });
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return refuse('domain.import.followersLarge');
  return ok(value);
}

/** A percentage from 0 to 100; a trailing % is allowed ('6.8%'). */
export function parseEngagementRate(raw: string): Result<number> {
  const text = raw.trim().replace(/%$/, '').trim();
  const value = text === '' ? NaN : Number(text);
  if (!Number.isFinite(value)) return refuse('domain.import.rateNumber', { value: raw.trim() });
  if (value < 0 || value > 100) return refuse('domain.import.rateRange');
  return ok(value);
}

/** One problem of a creator's fields, naming the field (the CSV import's system field name). */
export interface CreatorFieldProblem {
  field: SystemField;
  error: string;
  problem: Message;
}

/**
 * The CSV import's rules for one creator, from each field's text (missing fields are empty):
 * the draft when every field is valid, else every problem, each naming its field. The API's
 * POST /api/v1/creators uses the same rules.
 */
export function checkCreatorFields(values: Partial<Record<SystemField, string>>): Result<CreatorDraft> & { problems: CreatorFieldProblem[] } {
  const value = (field: SystemField) => String(values[field] ?? '').trim();
  const problems: CreatorFieldProblem[] = [];
  const problem = (field: SystemField, key: MessageKey, values?: Message['values']) => {
    const said = message(key, values);
    problems.push({ field, error: englishOf(said), problem: said });
  };
  const refused = (field: SystemField, result: { error: string; problem?: Message }) =>
    problems.push({ field, error: result.error, problem: result.problem ?? message('domain.import.invalid', { field }) });
  const draft: CreatorDraft = { handle: '', name: '' };

  const handle = value('creator_handle');
  if (!handle) problem('creator_handle', 'domain.import.required', { field: 'creator_handle' });
  else if (!HANDLE.test(normalizeHandle(handle))) problem('creator_handle', 'domain.import.handleChars', { handle: handle.slice(0, 40) });
  else draft.handle = normalizeHandle(handle);

  const name = value('creator_name');
  if (!name) problem('creator_name', 'domain.import.required', { field: 'creator_name' });
  else if (name.length > MAX_TEXT) problem('creator_name', 'domain.import.tooLong', { field: 'creator_name', max: MAX_TEXT });
  else draft.name = name;

  const email = value('email');
  if (email) {
    if (isValidEmail(email) && email.length <= MAX_TEXT) draft.email = email;
    else problem('email', 'domain.import.emailInvalid', { email: email.slice(0, 60) });
  }
  const followers = value('followers');
  if (followers) {
    const parsed = parseFollowers(followers);
    if (parsed.ok) draft.followers = parsed.value;
    else refused('followers', parsed);
  }
  const rate = value('engagement_rate');
  if (rate) {
    const parsed = parseEngagementRate(rate);
    if (parsed.ok) draft.engagementRate = parsed.value;
    else refused('engagement_rate', parsed);
  }
  for (const field of ['platform', 'category'] as const) {
    const text = value(field);
    if (!text) continue;
    if (text.length > MAX_TEXT) problem(field, 'domain.import.tooLong', { field, max: MAX_TEXT });
    else draft[field] = text;
  }
  if (problems.length) return { ok: false, error: problems.map((p) => p.error).join('; '), problem: problems[0].problem, problems };
  return { ...ok(draft), problems };
}

/** Validates one data row against the mapping; every problem of the row is reported at once. */
export function validateImportRow(cells: readonly string[], mapping: readonly (SystemField | '')[]): Result<CreatorDraft> | { ok: false; error: string; problem?: Message; problems: Message[] } {
  const values: Partial<Record<SystemField, string>> = {};
  for (const field of SYSTEM_FIELDS) {
    const index = mapping.indexOf(field);
    if (index >= 0) values[field] = String(cells[index] ?? '');
  }
  const { problems, ...result } = checkCreatorFields(values);
  return result.ok ? result : { ...result, problems: problems.map((p) => p.problem) };
}

export interface ImportCheck {
  accepted: { row: number; draft: CreatorDraft }[];
  /** Row numbers count data rows: 1 is the first row under the header. */
  rejected: RejectedRow[];
}

/** A row that is not imported: its problems in English (`error`) and as messages, for a screen to say. */
export interface RejectedRow {
  row: number;
  error: string;
  problems: Message[];
}

/** Validates every data row; never throws, whatever the input. */
export function validateImport(rows: readonly (readonly string[])[], mapping: readonly (SystemField | '')[]): ImportCheck {
  const result: ImportCheck = { accepted: [], rejected: [] };
  rows.forEach((cells, index) => {
    const row = index + 1;
    const checked = validateImportRow(Array.isArray(cells) ? cells : [], mapping);
    if (checked.ok) result.accepted.push({ row, draft: checked.value });
    else result.rejected.push({ row, error: checked.error, problems: 'problems' in checked ? checked.problems : checked.problem ? [checked.problem] : [] });
  });
  return result;
}


const categoryOf = (text: string | undefined): FunnelCategory | undefined =>
  FUNNEL_CATEGORIES.find((c) => c.toLowerCase() === (text ?? '').trim().toLowerCase());

/** Days a new funnel gets before its due date. */
export const IMPORTED_FUNNEL_DAYS = 30;

/**
 * An imported row as a creator funnel: a new creator starts at Brief (steps from status);
 * an existing one (matched by handle) keeps its funnel and gets the row's details.
 * A category that is not a funnel category is kept as an interest tag.
 */
export function creatorFunnelFromDraft(
  draft: CreatorDraft,
  existing: Funnel | undefined,
  context: { now: Date; id: string; assignedTo: string },
): Funnel {
  const category = categoryOf(draft.category);
  const extraTag = draft.category && !category ? [draft.category] : [];
  const nowIso = context.now.toISOString();
  if (existing) {
    const tags = [...(existing.interestTags ?? [])];
    for (const tag of extraTag) if (!tags.some((t) => t.toLowerCase() === tag.toLowerCase())) tags.push(tag);
    return {
      ...existing,
      creatorName: draft.name,
      email: draft.email ?? existing.email,
      platform: draft.platform ?? existing.platform,
      followers: draft.followers ?? existing.followers,
      engagementRate: draft.engagementRate ?? existing.engagementRate,
      category: category ?? existing.category,
      interestTags: tags,
      lastUpdated: nowIso,
    };
  }
  const steps = buildStepsFromStatus('Brief');
  return {
    id: context.id,
    creatorName: draft.name,
    creatorHandle: draft.handle,
    creatorAvatar: '',
    status: 'Brief',
    category: category ?? 'Creator',
    activity: 'Active',
    value: 0,
    progressPercentage: progressPercentage(steps),
    assignedTo: context.assignedTo,
    lastUpdated: nowIso,
    isPriority: false,
    currentStage: 'Outreach',
    engagementType: 'Sponsored Post',
    platform: draft.platform ?? '',
    conversionRate: 0,
    engagementRate: draft.engagementRate ?? 0,
    roi: 0,
    startDate: nowIso,
    dueDate: addDays(context.now, IMPORTED_FUNNEL_DAYS).toISOString(),
    daysRemaining: IMPORTED_FUNNEL_DAYS,
    steps,
    bio: '',
    interestTags: extraTag,
    email: draft.email,
    followers: draft.followers,
    outreach: [],
  };
}
