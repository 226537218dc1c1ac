import { TZDateMini } from '@date-fns/tz/date/mini';

// The calendar's time zone. FullCalendar is given wall-clock times of the workspace's zone as if
// they were UTC (its `timeZone: 'UTC'` needs no plugin); these convert between those and real
// instants, through @date-fns/tz, so that an event is stored as one instant whatever the zone.

/** The instant whose UTC fields read as `instant`'s wall-clock time in `timeZone`. */
export function wallClockAsUtc(instant: Date, timeZone: string): Date {
  const zoned = new TZDateMini(instant.getTime(), timeZone);
  return new Date(
    Date.UTC(zoned.getFullYear(), zoned.getMonth(), zoned.getDate(), zoned.getHours(), zoned.getMinutes(), zoned.getSeconds(), zoned.getMilliseconds()),
  );
}

/** The real instant of a wall-clock time in `timeZone` given as UTC fields (FullCalendar's dates). */
export function instantFromUtcWallClock(wall: Date, timeZone: string): Date {
  return new Date(
    new TZDateMini(
      wall.getUTCFullYear(),
      wall.getUTCMonth(),
      wall.getUTCDate(),
      wall.getUTCHours(),
      wall.getUTCMinutes(),
      wall.getUTCSeconds(),
      wall.getUTCMilliseconds(),
      timeZone,
    ).getTime(),
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-ddTHH:mm` in `timeZone`: the value of a datetime-local field that shows the workspace's time. */
export function toZonedInput(instant: Date, timeZone: string): string {
  if (Number.isNaN(instant.getTime())) return '';
  const wall = wallClockAsUtc(instant, timeZone);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

/** A datetime-local value read as a time in `timeZone`, as an ISO instant; anything else is returned unchanged (the rules refuse it). */
export function fromZonedInput(value: string, timeZone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return value;
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return instantFromUtcWallClock(wall, timeZone).toISOString();
}
