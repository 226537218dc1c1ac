// The FullCalendar part of the Calendar screen, loaded lazily (React.lazy) so only the
// calendar screen downloads FullCalendar. Drag auto-scroll edge 50 px, scroll speed 300 px/s
// and touch-mouse ignore 500 ms (spec §9) are the interaction plugin's own defaults.
import type { DateSelectArg, EventClickArg, EventDropArg, EventInput } from '@fullcalendar/core';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useMemo } from 'react';
import type { CalendarEntry } from '../../lib/domain/calendar';
import { CALENDAR } from '../../lib/domain/constants';
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
const slotDuration = `${pad(Math.floor(CALENDAR.slotMinutes / 60))}:${pad(CALENDAR.slotMinutes % 60)}:00`;

// FullCalendar runs in 'UTC' and is given each instant's wall-clock time in the workspace's zone
// as a UTC time; what it gives back (a selection, a drop) is turned back into the real instant.
// Named zones in FullCalendar itself need a plugin and a date library of its own (luxon).
function toEventInput(entry: CalendarEntry, timeZone: string): EventInput {
  return {
    id: entry.id,
    title: entry.title,
    start: wallClockAsUtc(new Date(entry.start), timeZone),
    end: wallClockAsUtc(new Date(entry.end), timeZone),
    editable: entry.editable,
    classNames: ['cf-event', `cf-event-${entry.type}`, ...(entry.editable ? [] : ['cf-event-readonly'])],
    extendedProps: { entry },
  };
}

export default function CalendarView({ entries, timeZone = 'UTC', editable = true, onSelectRange, onEntryClick, onEntryMove }: CalendarViewProps) {
  const events = useMemo(() => entries.map((entry) => toEventInput(entry, timeZone)), [entries, timeZone]);
  const { t, lang } = useT();
  const instant = (wall: Date) => instantFromUtcWallClock(wall, timeZone);
  const moved = (info: EventDropArg | EventResizeDoneArg) => {
    const { start, end } = info.event;
    if (!start || !onEntryMove(info.event.id, instant(start), end ? instant(end) : null)) info.revert();
  };
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
      timeZone="UTC"
      // Today and the now line are the workspace's.
      now={() => wallClockAsUtc(new Date(), timeZone)}
      initialView={CALENDAR.initialView}
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
      // Text buttons: FullCalendar's icon buttons are role="img" without a text alternative.
      buttonIcons={false}
      // A day cell labelled by its date number alone hides its events from its name (WCAG 2.5.3):
      // without the label the cell is named by its whole content, date and events.
      dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
      buttonText={{
        prev: t('calendar.button.previous'),
        next: t('calendar.button.next'),
        today: t('calendar.button.today'),
        month: t('calendar.button.month'),
        week: t('calendar.button.week'),
        day: t('calendar.button.day'),
      }}
      // Day and month names from the browser's Intl in the screen's language (FullCalendar formats through Intl).
      locale={lang}
      slotDuration={slotDuration}
      // A fixed height keeps day cells from growing: a day with more events than fit shows "+N more".
      dayMaxEvents
      height={CALENDAR_HEIGHT_PX}
      eventDisplay="block"
      eventInteractive
      selectable={editable}
      selectMirror
      editable={editable}
      dragScroll
      events={events}
      select={(info: DateSelectArg) => {
        info.view.calendar.unselect();
        onSelectRange(instant(info.start), instant(info.end));
      }}
      eventClick={(info: EventClickArg) => {
        info.jsEvent.preventDefault();
        onEntryClick(info.event.extendedProps.entry as CalendarEntry);
      }}
      eventDrop={moved}
      eventResize={moved}
    />
  );
}
