// Activity log rules (spec §2 "Activity log", §3 "Activity entry", §5 "Activity log search", §9 file name).
import type { ActivityEntry, ActivityType } from './types';

export const ACTIVITY_TYPES: readonly ActivityType[] = ['creator', 'funnel', 'notification', 'system'];
export const ACTIVITY_TYPE_LABEL: Record<ActivityType, string> = {
  creator: 'Creator',
  funnel: 'Funnel',
  notification: 'Notification',
  system: 'System',
};

export interface ActivityQuery {
  /** Matches action, details or user name, case-insensitively (spec §5). */
  search?: string;
  /** yyyy-MM-dd, inclusive, compared in the workspace time zone via `dayOf`. */
  from?: string;
  to?: string;
  /** User ids; empty means everyone. */
  users?: readonly string[];
  /** Action types; empty means all. */
  types?: readonly ActivityType[];
  /**
   * The action and details as the reader sees them (another language than the stored English):
   * searched too, so a search in the screen's words finds the entry.
   */
  shown?: (entry: ActivityEntry) => readonly string[];
}

/**
 * Filters the log. `dayOf` turns a timestamp into its yyyy-MM-dd day in the workspace time zone
 * (passed in so this stays pure).
 */
export function filterActivity(entries: readonly ActivityEntry[], query: ActivityQuery, dayOf: (iso: string) => string): ActivityEntry[] {
  const needle = (query.search ?? '').trim().toLowerCase();
  const users = query.users ?? [];
  const types = query.types ?? [];
  return entries.filter((entry) => {
    if (needle && ![entry.action, entry.details, entry.userName, ...(query.shown?.(entry) ?? [])].some((text) => (text ?? '').toLowerCase().includes(needle)))
      return false;
    if (users.length && !users.includes(entry.userId)) return false;
    if (types.length && !types.includes(entry.actionType)) return false;
    if (query.from || query.to) {
      const day = dayOf(entry.timestamp);
      if (query.from && day < query.from) return false;
      if (query.to && day > query.to) return false;
    }
    return true;
  });
}

/** The people who appear in the log, for the Users filter. */
export function activityUsers(entries: readonly ActivityEntry[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const entry of entries) if (!seen.has(entry.userId)) seen.set(entry.userId, entry.userName);
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const ACTIVITY_CSV_HEADERS = ['Timestamp', 'User', 'Action', 'Type', 'Details', 'Status'] as const;

/** Rows of the Export CSV file; `formatTimestamp` shows the time in the workspace time zone. */
export function activityCsvRows(entries: readonly ActivityEntry[], formatTimestamp: (iso: string) => string): string[][] {
  return entries.map((entry) => [
    formatTimestamp(entry.timestamp),
    entry.userName,
    entry.action,
    ACTIVITY_TYPE_LABEL[entry.actionType] ?? entry.actionType,
    entry.details,
    entry.status,
  ]);
}
