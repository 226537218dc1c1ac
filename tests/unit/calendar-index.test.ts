import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarEntry } from '../../lib/domain/calendar';
import { buildCalendarIndex, DAY_GRID_EVENTS_PER_DAY, eventsInRange, eventsToRender } from '../../widgets/calendar/eventIndex';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const entry = (id: string, start: string, hours = 1, title = id): CalendarEntry => ({
  id,
  title,
  start,
  end: new Date(Date.parse(start) + hours * HOUR).toISOString(),
  type: 'reminder',
  editable: true,
  source: 'event',
  creatorName: '',
  description: '',
});
const at = (iso: string) => Date.parse(iso);
const ids = (inputs: { id?: string }[]) => inputs.map((input) => input.id);
const monthFrom = at('2026-03-01T00:00:00Z');
const monthTo = monthFrom + 42 * DAY;

describe('the events the calendar hands FullCalendar', () => {
  it('a range gets the events that overlap it, one that began before it included, in start order', () => {
    const index = buildCalendarIndex(
      [entry('late', '2026-03-10T15:00:00Z'), entry('long', '2026-03-08T09:00:00Z', 60), entry('before', '2026-03-09T22:00:00Z', 2), entry('after', '2026-03-11T00:00:00Z')],
      'UTC',
    );
    expect(ids(eventsInRange(index, at('2026-03-10T00:00:00Z'), at('2026-03-11T00:00:00Z')).map((e) => e.input))).toEqual(['long', 'late']);
  });

  it('in the month grid a busy day is given its first events and counts the rest as held back, until it is opened', () => {
    const busy = Array.from({ length: 10 }, (_, i) => entry(`busy${i}`, `2026-03-12T${String(8 + i).padStart(2, '0')}:00:00Z`));
    const index = buildCalendarIndex([...busy, entry('quiet', '2026-03-13T09:00:00Z')], 'UTC');
    const month = eventsToRender(index, monthFrom, monthTo, new Set());
    expect(ids(month.inputs)).toEqual([...busy.slice(0, DAY_GRID_EVENTS_PER_DAY).map((e) => e.id), 'quiet']);
    expect(month.heldBack.get('2026-03-12')).toBe(10 - DAY_GRID_EVENTS_PER_DAY);
    expect(month.heldBack.get('2026-03-13')).toBeUndefined();
    const opened = eventsToRender(index, monthFrom, monthTo, new Set(['2026-03-12']));
    expect(opened.inputs).toHaveLength(11);
    expect(opened.heldBack.size).toBe(0);
  });

  it('an event over midnight is given only while both its days have room, and is counted on both when held back', () => {
    const full = Array.from({ length: DAY_GRID_EVENTS_PER_DAY }, (_, i) => entry(`d12-${i}`, `2026-03-12T${String(8 + i).padStart(2, '0')}:00:00Z`));
    const index = buildCalendarIndex([...full, entry('overnight', '2026-03-12T23:30:00Z'), entry('next', '2026-03-13T09:00:00Z'), entry('midnight', '2026-03-13T23:00:00Z')], 'UTC');
    const month = eventsToRender(index, monthFrom, monthTo, new Set());
    expect(ids(month.inputs)).not.toContain('overnight');
    expect(ids(month.inputs)).toEqual(expect.arrayContaining(['next', 'midnight']));
    expect(month.heldBack.get('2026-03-12')).toBe(1);
    expect(month.heldBack.get('2026-03-13')).toBe(1);
    // 23:00 to midnight ends on the day it started.
    expect(month.heldBack.get('2026-03-14')).toBeUndefined();
  });

  it('a week gets every event of the busy day', () => {
    const busy = Array.from({ length: 10 }, (_, i) => entry(`busy${i}`, `2026-03-12T${String(8 + i).padStart(2, '0')}:00:00Z`));
    const index = buildCalendarIndex(busy, 'UTC');
    expect(eventsToRender(index, at('2026-03-08T00:00:00Z'), at('2026-03-15T00:00:00Z'), new Set()).inputs).toHaveLength(10);
  });

  it('days are the workspace zone’s: events at 02:00 UTC fill the evening before in New York', () => {
    const night = Array.from({ length: DAY_GRID_EVENTS_PER_DAY + 1 }, (_, i) => entry(`night${i}`, `2026-03-12T02:0${i}:00Z`, 0.5));
    const index = buildCalendarIndex(night, 'America/New_York');
    expect(index.events[0]?.input.start).toEqual(new Date('2026-03-11T22:00:00.000Z'));
    const month = eventsToRender(index, monthFrom, monthTo, new Set());
    expect([...month.heldBack]).toEqual([['2026-03-11', 1]]);
  });

  it('a range search finds exactly what a pass over every event finds', () => {
    const base = at('2026-03-01T00:00:00Z');
    fc.assert(
      fc.property(
        fc.array(fc.record({ startHour: fc.integer({ min: 0, max: 24 * 40 }), hours: fc.integer({ min: 1, max: 72 }) }), { maxLength: 60 }),
        fc.integer({ min: 0, max: 24 * 40 }),
        fc.integer({ min: 1, max: 24 * 14 }),
        (specs, fromHour, lengthHours) => {
          const entries = specs.map((s, i) => entry(`e${i}`, new Date(base + s.startHour * HOUR).toISOString(), s.hours));
          const index = buildCalendarIndex(entries, 'UTC');
          const from = base + fromHour * HOUR;
          const to = from + lengthHours * HOUR;
          const expected = index.events.filter((e) => e.start < to && e.end > from);
          expect(eventsInRange(index, from, to)).toEqual(expected);
        },
      ),
    );
  });
});
