import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { draftForNextHour, draftFromEvent, draftFromRange, EMPTY_EVENT_DRAFT, type CalendarEntry, type EventDraft } from '../../lib/domain/calendar';
import { useNavigation } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { showResult } from '../ui/toast';

export interface EventDialogState {
  open: boolean;
  mode: 'add' | 'edit';
  /** The event being edited. */
  eventId: string | null;
  draft: EventDraft;
  /** Changes on every opening, so the dialog starts from a fresh draft. */
  key: number;
}

const CLOSED: EventDialogState = { open: false, mode: 'add', eventId: null, draft: EMPTY_EVENT_DRAFT, key: 0 };

/** Signals and actions of the Calendar screen; the views only render. */
export function useCalendarController() {
  useSignals();
  const store = useStore();
  const navigation = useNavigation();
  const [dialog, setDialog] = useState<EventDialogState>(CLOSED);
  const writeBlocked = store.session.whyNot();

  const open = (next: Omit<EventDialogState, 'open' | 'key'>) => setDialog((d) => ({ ...next, open: true, key: d.key + 1 }));

  return {
    entries: store.calendar.entries.value,
    creators: store.calendar.creators.value,
    writeBlocked,
    dialog,
    /** Add Event for a clicked or dragged range, or the next hour when none is given. */
    openAdd(start?: Date, end?: Date) {
      open({ mode: 'add', eventId: null, draft: start ? draftFromRange(start, end ?? null) : draftForNextHour(store.now()) });
    },
    /** Edit Event for a stored event; an order shipment opens its order instead. */
    openEntry(entry: CalendarEntry) {
      if (entry.source === 'order') {
        if (entry.orderId) navigation.navigate(`/orders/${encodeURIComponent(entry.orderId)}`);
        return;
      }
      const event = store.calendar.events.get(entry.id);
      if (event) open({ mode: 'edit', eventId: event.id, draft: draftFromEvent(event) });
    },
    setDialogOpen(next: boolean) {
      if (!next) setDialog((d) => ({ ...d, open: false }));
    },
    save(draft: EventDraft) {
      return dialog.mode === 'edit' && dialog.eventId ? store.calendar.updateEvent(dialog.eventId, draft) : store.calendar.addEvent(draft);
    },
    remove() {
      return store.calendar.deleteEvent(dialog.eventId ?? '');
    },
    move(id: string, start: Date, end: Date | null) {
      return showResult(store.calendar.moveEvent(id, start, end));
    },
  };
}
