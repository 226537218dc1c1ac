// The FullCalendar part of the Calendar screen, loaded lazily (React.lazy) so only the
// calendar screen downloads FullCalendar. Drag auto-scroll edge 50 px, scroll speed 300 px/s
// and touch-mouse ignore 500 ms (spec §9) are the interaction plugin's own defaults.
import type {
  CalendarOptions,
  DateSelectArg,
  DayCellMountArg,
  EventClickArg,
  EventDropArg,
  MoreLinkArg,
  MoreLinkContentArg,
} from '@fullcalendar/core';
import type { VerboseFormattingArg } from '@fullcalendar/core/internal';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CalendarEntry } from '../../lib/domain/calendar';
import { CALENDAR } from '../../lib/domain/constants';
import { buildCalendarIndex, eventFeed } from './eventIndex';
import { instantFromUtcWallClock, wallClockAsUtc } from './timeZone';
import { useT } from '../ui/i18n';

export interface CalendarViewProps {
  /** Stored events and read-only order shipments. */
  entries: readonly CalendarEntry[];
  /** The workspace's time zone (IANA name): the grid shows and takes times in it. Default UTC. */
  timeZone?: string;
  /** Whether events may be created, dragged and resized. Default true. */
  editable?: boolean;
  /** A clicked or dragged range (end exclusive). */
  onSelectRange(start: Date, end: Date): void;
  /** An event was clicked (or activated with Enter). */
  onEntryClick(entry: CalendarEntry): void;
  /** An event was dragged or resized; return false to put it back. */
  onEntryMove(id: string, start: Date, end: Date | null): boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Tall enough for three events a day in month view on a laptop screen. */
const CALENDAR_HEIGHT_PX = 720;
/** Overlapping events side by side in a week or day column before the rest collapse into "+N". */
const TIME_GRID_EVENTS_SIDE_BY_SIDE = 3;
const slotDuration = `${pad(Math.floor(CALENDAR.slotMinutes / 60))}:${pad(CALENDAR.slotMinutes % 60)}:00`;

// Options that never change are made once: FullCalendar compares options by identity on every
// render, and a new array or function makes it rebuild (new plugins rebuild the whole calendar).
const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const HEADER_TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' };
// A day cell labelled by its date number alone hides its events from its name (WCAG 2.5.3):
// without the label the cell is named by its whole content, date and events.
const unlabelDayCell = (arg: DayCellMountArg) => arg.el.removeAttribute('aria-labelledby');

// An event's times in the week and day views ("9:00 - 10:00"), as FullCalendar writes them by
// default (hour and minutes, no AM/PM), with one Intl formatter per language: FullCalendar's own
// builds a new Intl.DateTimeFormat for every event's range, which was a tenth of a week's render.
const timeFormats = new Map<string, Intl.DateTimeFormat>();
const MERIDIEM = /\s*([ap])\.?m\.?/i;
function eventTimeText(arg: VerboseFormattingArg): string {
  const locale = arg.localeCodes.join(',');
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(arg.localeCodes, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
    timeFormats.set(locale, format);
  }
  const time = (date: Date) => format.format(date).replace(/\u200e/g, '').replace(MERIDIEM, '').trim();
  const start = time(arg.start.marker);
  const end = arg.end ? time(arg.end.marker) : start;
  return end === start ? start : `${start}${arg.defaultSeparator}${end}`;
}

/** The day (`yyyy-MM-dd`) of one of FullCalendar's dates, which are wall-clock times given as UTC. */
const wallDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * A month cell's "+N more", counting the events held back from FullCalendar as well as those
 * it hides. FullCalendar does not say which day a link is for; its cell carries `data-date`.
 */
function MoreLinkText({ arg, heldBack }: { arg: MoreLinkContentArg; heldBack(day: string): number }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [day, setDay] = useState<string | null>(null);
  const count = arg.num + (day ? heldBack(day) : 0);
  useLayoutEffect(() => {
    setDay(ref.current?.closest('[data-date]')?.getAttribute('data-date') ?? null);
    // FullCalendar's hint (the link's title) names its own count.
    const link = ref.current?.closest<HTMLElement>('.fc-more-link');
    if (link?.title) link.title = link.title.replace(String(arg.num), String(count));
  }, [arg.num, count]);
  return <span ref={ref}>{arg.text.replace(String(arg.num), String(count))}</span>;
}

// FullCalendar runs in 'UTC' and is given each instant's wall-clock time in the workspace's zone
// as a UTC time; what it gives back (a selection, a drop) is turned back into the real instant.
// Named zones in FullCalendar itself need a plugin and a date library of its own (luxon).
export default function CalendarView({ entries, timeZone = 'UTC', editable = true, onSelectRange, onEntryClick, onEntryMove }: CalendarViewProps) {
  const { t, lang } = useT();
  const index = useMemo(() => buildCalendarIndex(entries, timeZone), [entries, timeZone]);
  // Month cells whose "+N more" was opened get all their events, so its popover lists them all.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  // The callbacks FullCalendar holds read the latest props through a ref, so they stay the same
  // functions across renders and a parent's re-render does not re-render the calendar.
  const latest = useRef({ timeZone, onSelectRange, onEntryClick, onEntryMove });
  useLayoutEffect(() => {
    latest.current = { timeZone, onSelectRange, onEntryClick, onEntryMove };
  });

  const feed = useMemo(() => eventFeed(index, expanded), [index, expanded]);
  const { heldBack } = feed;
  const moreLinkContent = useCallback((arg: MoreLinkContentArg) => <MoreLinkText arg={arg} heldBack={heldBack} />, [heldBack]);
  const moreLinkClick = useCallback((arg: MoreLinkArg) => {
    const day = wallDay(arg.date);
    if (heldBack(day) > 0) flushSync(() => setExpanded((days) => new Set(days).add(day)));
    return 'popover';
  }, [heldBack]);
  const views = useMemo<CalendarOptions['views']>(
    () => ({
      // Only the month grid holds events back: its "+N more" counts them, and opening it asks for them.
      // The week and day views keep FullCalendar's own links.
      dayGridMonth: { moreLinkContent, moreLinkClick },
      timeGrid: { eventTimeFormat: eventTimeText },
    }),
    [moreLinkContent, moreLinkClick],
  );
  const now = useCallback(() => wallClockAsUtc(new Date(), latest.current.timeZone), []);
  const select = useCallback((info: DateSelectArg) => {
    const zone = latest.current.timeZone;
    info.view.calendar.unselect();
    latest.current.onSelectRange(instantFromUtcWallClock(info.start, zone), instantFromUtcWallClock(info.end, zone));
  }, []);
  const eventClick = useCallback((info: EventClickArg) => {
    info.jsEvent.preventDefault();
    latest.current.onEntryClick(info.event.extendedProps.entry as CalendarEntry);
  }, []);
  const moved = useCallback((info: EventDropArg | EventResizeDoneArg) => {
    const { start, end } = info.event;
    const zone = latest.current.timeZone;
    const instant = (wall: Date) => instantFromUtcWallClock(wall, zone);
    if (!start || !latest.current.onEntryMove(info.event.id, instant(start), end ? instant(end) : null)) info.revert();
  }, []);
  const buttonText = useMemo<CalendarOptions['buttonText']>(
    () => ({
      prev: t('calendar.button.previous'),
      next: t('calendar.button.next'),
      today: t('calendar.button.today'),
      month: t('calendar.button.month'),
      week: t('calendar.button.week'),
      day: t('calendar.button.day'),
    }),
    [t],
  );

  return (
    <FullCalendar
      plugins={PLUGINS}
      timeZone="UTC"
      // Today and the now line are the workspace's.
      now={now}
      initialView={CALENDAR.initialView}
      headerToolbar={HEADER_TOOLBAR}
      // Text buttons: FullCalendar's icon buttons are role="img" without a text alternative.
      buttonIcons={false}
      dayCellDidMount={unlabelDayCell}
      buttonText={buttonText}
      // Day and month names from the browser's Intl in the screen's language (FullCalendar formats through Intl).
      locale={lang}
      slotDuration={slotDuration}
      // A fixed height keeps day cells from growing: a day with more events than fit shows "+N more".
      dayMaxEvents
      eventMaxStack={TIME_GRID_EVENTS_SIDE_BY_SIDE}
      views={views}
      height={CALENDAR_HEIGHT_PX}
      eventDisplay="block"
      eventInteractive
      selectable={editable}
      selectMirror
      editable={editable}
      dragScroll
      // Events come from the index for the range on screen, asked again on every view or date change
      // (the month grid is given fewer than a week shows).
      events={feed.events}
      lazyFetching={false}
      select={select}
      eventClick={eventClick}
      eventDrop={moved}
      eventResize={moved}
    />
  );
}
