import type { TimeZone } from '../domain/types';
import type { MessageKey } from './catalogs/en-US';

// Building an Intl.DateTimeFormat costs far more than using one, and every visible row
// formats its dates on each render: one formatter per time zone, kept.
const wallTimeFormats = new Map<string, Intl.DateTimeFormat>();
function wallTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    // Only after it was built: an unknown time zone throws, as before, and is not kept.
    wallTimeFormats.set(timeZone, format);
  }
  return format;
}

/** Shifts an instant so that date-fns (which formats in local time) prints the wall time of `timeZone`. */
export function toZonedWallTime(date: Date, timeZone: string): Date {
  const parts = wallTimeFormat(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return new Date(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The catalog entry that names each time zone the Settings offer. */
export const TIME_ZONE_NAMES: Record<TimeZone, MessageKey> = {
  'America/Los_Angeles': 'zone.pacific',
  'America/New_York': 'zone.eastern',
  UTC: 'zone.utc',
};
