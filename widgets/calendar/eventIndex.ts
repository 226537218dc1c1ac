// What the calendar hands FullCalendar: each entry turned into an event once, sorted by start, so
// that a view's range is two binary searches instead of a pass over every entry. In the month
// grid a day shows the few events that fit and a "+N more" link, but FullCalendar renders and
// measures every event it is given (the hidden ones invisibly), so each day is given at most
// DAY_GRID_EVENTS_PER_DAY events until its "+N more" is opened; the rest count in that link.
import type { EventInput } from '@fullcalendar/core';
import type { CalendarEntry } from '../../lib/domain/calendar';
import { wallClockAsUtc } from './timeZone';

/** More events than fit in a month cell at the calendar's fixed height (about three): the rest wait behind "+N more". */
export const DAY_GRID_EVENTS_PER_DAY = 6;
/** Views whose range is longer than this are the month grid, where days are capped. */
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** An entry as FullCalendar gets it: times are the wall clock of the workspace's zone, given as UTC. */
export interface IndexedEvent {
  entry: CalendarEntry;
  input: EventInput;
  /** Wall-clock start and end as UTC milliseconds. */
  start: number;
  end: number;
}

export interface CalendarIndex {
  /** By start, then longest first, then title: FullCalendar's own order within a day. */
  events: readonly IndexedEvent[];
  /** The longest duration, so a range search can start early enough to find events that began before it. */
  longestMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 10);

function toEventInput(entry: CalendarEntry, start: Date, end: Date): EventInput {
  return {
    id: entry.id,
    title: entry.title,
    start,
    end,
    editable: entry.editable,
    classNames: ['cf-event', `cf-event-${entry.type}`, ...(entry.editable ? [] : ['cf-event-readonly'])],
    extendedProps: { entry },
  };
}

/** Every entry turned into FullCalendar's input once, in display order. */
export function buildCalendarIndex(entries: readonly CalendarEntry[], timeZone: string): CalendarIndex {
  const events: IndexedEvent[] = [];
  let longestMs = 0;
  for (const entry of entries) {
    const startDate = wallClockAsUtc(new Date(entry.start), timeZone);
    const endDate = wallClockAsUtc(new Date(entry.end), timeZone);
    const start = startDate.getTime();
    const end = Math.max(endDate.getTime(), start);
    if (Number.isNaN(start) || Number.isNaN(end)) continue;
    longestMs = Math.max(longestMs, end - start);
    events.push({ entry, input: toEventInput(entry, startDate, endDate), start, end });
  }
  events.sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start) || (a.entry.title < b.entry.title ? -1 : a.entry.title > b.entry.title ? 1 : 0));
  return { events, longestMs };
}

/** The first index whose start is at or after `time`. */
function firstStartingAt(events: readonly IndexedEvent[], time: number): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (events[middle].start < time) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Events overlapping [from, to) (wall-clock UTC milliseconds), in display order. */
export function eventsInRange(index: CalendarIndex, from: number, to: number): IndexedEvent[] {
  const { events } = index;
  const last = firstStartingAt(events, to);
  const found: IndexedEvent[] = [];
  for (let i = firstStartingAt(events, from - index.longestMs); i < last; i++) if (events[i].end > from) found.push(events[i]);
  return found;
}

/** Whether a fetched range is the month grid's (six weeks), where days are capped. */
export const isDayGridRange = (from: number, to: number) => to - from > WEEK_MS;

/** The days (`yyyy-MM-dd`) of [from, to) that an event covers; one ending at midnight does not cover the next day. */
function daysCovered(event: IndexedEvent, from: number, to: number): string[] {
  const days: string[] = [];
  const last = Math.min(Math.max(event.start, event.end - 1), to - 1);
  for (let day = Math.floor(Math.max(event.start, from) / DAY_MS) * DAY_MS; day <= last; day += DAY_MS) days.push(dayOf(day));
  return days;
}

export interface RenderedEvents {
  /** What FullCalendar is given. */
  inputs: EventInput[];
  /** Per day, the events covering it that were held back: they count in its "+N more". */
  heldBack: ReadonlyMap<string, number>;
}

/**
 * What FullCalendar is given for a range: everything in a week or a day. In the month grid an
 * event is given while each day it covers has fewer than `perDay` (every event of an `expanded`
 * day is given); the others are held back and counted per day.
 */
export function eventsToRender(
  index: CalendarIndex,
  from: number,
  to: number,
  expanded: ReadonlySet<string>,
  perDay = DAY_GRID_EVENTS_PER_DAY,
): RenderedEvents {
  const inRange = eventsInRange(index, from, to);
  const heldBack = new Map<string, number>();
  if (!isDayGridRange(from, to)) return { inputs: inRange.map((event) => event.input), heldBack };
  const given = new Map<string, number>();
  const inputs: EventInput[] = [];
  for (const event of inRange) {
    const days = daysCovered(event, from, to);
    const give = days.some((day) => expanded.has(day)) || days.every((day) => (given.get(day) ?? 0) < perDay);
    const tally = give ? given : heldBack;
    for (const day of days) tally.set(day, (tally.get(day) ?? 0) + 1);
    if (give) inputs.push(event.input);
  }
  return { inputs, heldBack };
}

/** A FullCalendar event source over the index that remembers, per day, what its last fetch held back. */
export function eventFeed(index: CalendarIndex, expanded: ReadonlySet<string>) {
  let last: RenderedEvents['heldBack'] = new Map();
  return {
    events: (range: { start: Date; end: Date }, success: (inputs: EventInput[]) => void) => {
      const rendered = eventsToRender(index, range.start.getTime(), range.end.getTime(), expanded);
      last = rendered.heldBack;
      success(rendered.inputs);
    },
    heldBack: (day: string) => last.get(day) ?? 0,
  };
}
