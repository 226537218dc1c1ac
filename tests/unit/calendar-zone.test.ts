import { describe, expect, it } from 'vitest';
import { fromZonedInput, instantFromUtcWallClock, toZonedInput, wallClockAsUtc } from '../../widgets/calendar/timeZone';

describe('the calendar in the workspace time zone', () => {
  it('09:00 entered in Eastern Time is one instant, shown at 06:00 in Pacific Time and 14:00 in UTC (winter)', () => {
    const stored = fromZonedInput('2026-01-15T09:00', 'America/New_York');
    expect(stored).toBe('2026-01-15T14:00:00.000Z');
    expect(toZonedInput(new Date(stored), 'America/Los_Angeles')).toBe('2026-01-15T06:00');
    expect(toZonedInput(new Date(stored), 'UTC')).toBe('2026-01-15T14:00');
  });

  it('follows daylight saving time (July: ET is UTC-4)', () => {
    expect(fromZonedInput('2026-07-01T09:00', 'America/New_York')).toBe('2026-07-01T13:00:00.000Z');
  });

  it('FullCalendar gets the wall clock as UTC, and what it gives back is the same instant', () => {
    const instant = new Date('2026-03-10T17:30:00.000Z');
    const wall = wallClockAsUtc(instant, 'America/Los_Angeles');
    expect(wall.toISOString()).toBe('2026-03-10T10:30:00.000Z');
    expect(instantFromUtcWallClock(wall, 'America/Los_Angeles').toISOString()).toBe(instant.toISOString());
  });

  it('leaves text that is not a datetime-local value to the rules', () => {
    expect(fromZonedInput('', 'UTC')).toBe('');
    expect(fromZonedInput('tomorrow', 'UTC')).toBe('tomorrow');
  });
});
