import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { draftForNextHour, draftFromEvent, draftFromRange, EMPTY_EVENT_DRAFT, type CalendarEntry, type EventDraft } from '../../lib/domain/calendar';
import { fromZonedInput, toZonedInput } from './timeZone';
import { useNavigation } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { useWhyNot } from '../ui/i18n';
import { showResult } from '../ui/toast';
import { routeTo } from '../ui/routes';

export interface EventDialogState {
  open: boolean;
  mode: 'add' | 'edit';
  /** The event being edited. */
  eventId: string | null;
  draft: EventDraft;
  /** Changes on every opening, so the dialog starts from a fresh draft. */
  key: number;
}

const HOUR = 60 * 60 * 1000;
const CLOSED: EventDialogState = { open: false, mode: 'add', eventId: null, draft: EMPTY_EVENT_DRAFT, key: 0 };

/** Signals and actions of the Calendar screen; the views only render. */
export function useCalendarController() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const navigation = useNavigation();
  const [dialog, setDialog] = useState<EventDialogState>(CLOSED);
  const writeBlocked = whyNot();

  // Every date here is a time in the workspace's zone: the dialog's fields show it and are read in it.
  const timeZone = store.admin.settings.value.value.timeZone;
  const zoned = (draft: EventDraft, start: Date, end: Date): EventDraft => ({ ...draft, start: toZonedInput(start, timeZone), end: toZonedInput(end, timeZone) });
  const instants = (draft: EventDraft): EventDraft => ({ ...draft, start: fromZonedInput(draft.start, timeZone), end: fromZonedInput(draft.end, timeZone) });

  const open = (next: Omit<EventDialogState, 'open' | 'key'>) => setDialog((d) => ({ ...next, open: true, key: d.key + 1 }));

  return {
    entries: store.calendar.entries.value,
    timeZone,
    creators: store.calendar.creators.value,
    writeBlocked,
    dialog,
    /** Add Event for a clicked or dragged range, or the next hour when none is given. */
    openAdd(start?: Date, end?: Date) {
      const draft = start ? draftFromRange(start, end ?? null) : draftForNextHour(store.now());
      // The rules' range (a missing or empty end gets an hour), said in the workspace's zone.
      const from = start ?? new Date(Math.floor(store.now().getTime() / HOUR + 1) * HOUR);
      const to = new Date(from.getTime() + HOUR);
      const finish = end && end.getTime() > from.getTime() ? end : to;
      open({ mode: 'add', eventId: null, draft: zoned(draft, from, finish) });
    },
    /** Edit Event for a stored event; an order shipment opens its order instead. */
    openEntry(entry: CalendarEntry) {
      if (entry.source === 'order') {
        if (entry.orderId) navigation.navigate(routeTo.order(entry.orderId));
        return;
      }
      const event = store.calendar.events.get(entry.id);
      if (event) open({ mode: 'edit', eventId: event.id, draft: zoned(draftFromEvent(event), new Date(event.start), new Date(event.end)) });
    },
    setDialogOpen(next: boolean) {
      if (!next) setDialog((d) => ({ ...d, open: false }));
    },
    save(draft: EventDraft) {
      const stored = instants(draft);
      return dialog.mode === 'edit' && dialog.eventId ? store.calendar.updateEvent(dialog.eventId, stored) : store.calendar.addEvent(stored);
    },
    remove() {
      return store.calendar.deleteEvent(dialog.eventId ?? '');
    },
    move(id: string, start: Date, end: Date | null) {
      return showResult(store.calendar.moveEvent(id, start, end));
    },
  };
}
