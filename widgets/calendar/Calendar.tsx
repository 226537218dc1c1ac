import { lazy, Suspense, useEffect, useState } from 'react';
import { EVENT_TYPES } from '../../lib/domain/types';
import { TIME_ZONE_NAMES } from '../../lib/i18n';
import { useT } from '../ui/i18n';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { EventDialog } from './EventDialog';
import { calendarStyles } from './styles';
import { useCalendarController } from './useCalendarController';
import { BackButton } from '../ui/BackButton';

// FullCalendar is heavy: only the calendar screen loads it, on first render or when preloaded.
type CalendarViewComponent = typeof import('./CalendarView').default;
let loadedView: CalendarViewComponent | null = null;
const loadCalendarView = () =>
  import('./CalendarView').then((module) => {
    loadedView = module.default;
    return module;
  });
const LazyCalendarView = lazy(loadCalendarView);

/** Starts loading FullCalendar before the Calendar screen renders (the host app does so when /calendar is opened). */
export function preloadCalendar(): Promise<void> {
  return loadCalendarView().then(() => undefined);
}

export interface CalendarProps {}

/** The Calendar screen (spec §2 "Calendar"): month, week and day views of events and order shipments. */
export function Calendar(_props: CalendarProps) {
  // Started as the screen mounts, FullCalendar arrives while the stored data is still being read.
  useEffect(() => void preloadCalendar().catch(() => undefined), []);
  return (
    <Screen name="Calendar" styles={calendarStyles} part="root">
      <CalendarScreen />
    </Screen>
  );
}

function CalendarScreen() {
  const c = useCalendarController();
  const { t } = useT();
  // Already loaded (preloaded): rendered at once. Suspending would hold the calendar back behind
  // React's throttle on revealing suspended content (300 ms) for nothing.
  const [CalendarView] = useState(() => loadedView ?? LazyCalendarView);
  return (
    <div className="cf-stack">
      <div>
        <BackButton />
      </div>
      <div className="cf-row">
        <h1>{t('nav.calendar')}</h1>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={c.writeBlocked} onClick={() => c.openAdd()}>
          {t('calendar.addEvent')}
        </Button>
      </div>
      <ul className="cf-calendar-legend" aria-label={t('calendar.types')}>
        {EVENT_TYPES.map((type) => (
          <li key={type}>
            <span className="cf-calendar-swatch" data-type={type} aria-hidden="true" />
            {t(`calendar.type.${type}`)}
          </li>
        ))}
      </ul>
      <div className="cf-card cf-calendar-frame" part="calendar">
        <Suspense
          fallback={
            <p role="status" className="cf-muted">
              {t('calendar.loading')}
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
        timeZoneLabel={Object.hasOwn(TIME_ZONE_NAMES, c.timeZone) ? t(TIME_ZONE_NAMES[c.timeZone]) : undefined}
      />
    </div>
  );
}
