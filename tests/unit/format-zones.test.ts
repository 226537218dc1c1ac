import { describe, expect, it } from 'vitest';
import { formatDateTime, toZonedWallTime } from '../../lib/format';

describe('toZonedWallTime', () => {
  const instant = new Date('2026-03-10T23:30:00Z');
  it('gives each time zone its own wall time, however often it is asked', () => {
    for (let i = 0; i < 3; i++) {
      expect(toZonedWallTime(instant, 'UTC').getHours()).toBe(23);
      expect(toZonedWallTime(instant, 'Asia/Tokyo').getHours()).toBe(8);
      expect(toZonedWallTime(instant, 'America/New_York').getHours()).toBe(19);
    }
  });
  it('refuses an unknown time zone every time', () => {
    expect(() => toZonedWallTime(instant, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => toZonedWallTime(instant, 'Mars/Olympus')).toThrow(RangeError);
  });
  it('formats the same instant in each zone given, one after the other', () => {
    expect(formatDateTime('2026-03-10T23:30:00Z', 'Asia/Tokyo')).toBe('Mar 11, 2026 08:30');
    expect(formatDateTime('2026-03-10T23:30:00Z', 'UTC')).toBe('Mar 10, 2026 23:30');
    expect(formatDateTime('2026-03-10T23:30:00Z', 'Asia/Tokyo')).toBe('Mar 11, 2026 08:30');
  });
});
