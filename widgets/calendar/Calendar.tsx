import { lazy, Suspense } from 'react';
import { EVENT_TYPE_LABEL } from '../../lib/domain/calendar';
import { EVENT_TYPES } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { EventDialog } from './EventDialog';
import { calendarStyles } from './styles';
import { useCalendarController } from './useCalendarController';

// FullCalendar is heavy: only the calendar screen loads it, on first render.
const CalendarView = lazy(() => import('./CalendarView'));

export interface CalendarProps {}

/** The Calendar screen (spec §2 "Calendar"): month, week and day views of events and order shipments. */
export function Calendar(_props: CalendarProps) {
  return (
    <Screen name="Calendar" styles={calendarStyles} part="root">
      <CalendarScreen />
    </Screen>
  );
}

function CalendarScreen() {
  const c = useCalendarController();
  return (
    <div className="cf-stack">
      <Link href="/" className="cf-button cf-back" data-variant="ghost">
        ← Back
      </Link>
      <div className="cf-row">
        <h1>Calendar</h1>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={c.writeBlocked} onClick={() => c.openAdd()}>
          Add Event
        </Button>
      </div>
      <ul className="cf-calendar-legend" aria-label="Event types">
        {EVENT_TYPES.map((type) => (
          <li key={type}>
            <span className="cf-calendar-swatch" data-type={type} aria-hidden="true" />
            {EVENT_TYPE_LABEL[type]}
          </li>
        ))}
      </ul>
      <div className="cf-card cf-calendar-frame" part="calendar">
        <Suspense
          fallback={
            <p role="status" className="cf-muted">
              Loading calendar…
            </p>
          }
        >
          <CalendarView
            entries={c.entries}
            timeZone={c.timeZone}
            editable={!c.writeBlocked}
            onSelectRange={(start, end) => c.openAdd(start, end)}
            onEntryClick={c.openEntry}
            onEntryMove={c.move}
          />
        </Suspense>
      </div>
      <EventDialog
        key={c.dialog.key}
        open={c.dialog.open}
        onOpenChange={c.setDialogOpen}
        mode={c.dialog.mode}
        defaultValue={c.dialog.draft}
        creators={c.creators}
        onSave={c.save}
        onDelete={c.remove}
        disabledReason={c.writeBlocked}
      />
    </div>
  );
}
