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

export interface CalendarViewProps {
  /** Stored events and read-only order shipments. */
  entries: readonly CalendarEntry[];
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

function toEventInput(entry: CalendarEntry): EventInput {
  return {
    id: entry.id,
    title: entry.title,
    start: entry.start,
    end: entry.end,
    editable: entry.editable,
    classNames: ['cf-event', `cf-event-${entry.type}`, ...(entry.editable ? [] : ['cf-event-readonly'])],
    extendedProps: { entry },
  };
}

export default function CalendarView({ entries, editable = true, onSelectRange, onEntryClick, onEntryMove }: CalendarViewProps) {
  const events = useMemo(() => entries.map(toEventInput), [entries]);
  const moved = (info: EventDropArg | EventResizeDoneArg) => {
    if (!info.event.start || !onEntryMove(info.event.id, info.event.start, info.event.end)) info.revert();
  };
  return (
    <FullCalendar
      plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
      initialView={CALENDAR.initialView}
      headerToolbar={{ left: 'prev,next today', center: 'title', right: 'dayGridMonth,timeGridWeek,timeGridDay' }}
      // Text buttons: FullCalendar's icon buttons are role="img" without a text alternative.
      buttonIcons={false}
      // A day cell labelled by its date number alone hides its events from its name (WCAG 2.5.3):
      // without the label the cell is named by its whole content, date and events.
      dayCellDidMount={(arg) => arg.el.removeAttribute('aria-labelledby')}
      buttonText={{ prev: 'Previous', next: 'Next', today: 'Today', month: 'Month', week: 'Week', day: 'Day' }}
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
        onSelectRange(info.start, info.end);
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
