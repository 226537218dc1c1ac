// Calendar: stored events plus read-only shipments, and the event writes (lib/mutators/calendar.ts).
import { computed } from '@preact/signals-core';
import { calendarEntries, creatorNames, type EventDraft } from '../domain/calendar';
import type { StoreContext } from './core';

export function createCalendarSlice(ctx: StoreContext) {
  const events = ctx.collection('events');
  const funnels = ctx.collection('funnels');
  const orders = ctx.collection('orders');

  /** Stored events plus read-only shipments of orders with tracking. */
  const entries = computed(() => calendarEntries(events.items.value, orders.items.value, funnels.items.value));
  /** Workspace creators, suggested in the Creator field. */
  const creators = computed(() => creatorNames(funnels.items.value));

  return {
    events,
    entries,
    creators,
    addEvent: (draft: EventDraft) => ctx.mutate('calendar.addEvent', { draft }),
    updateEvent: (id: string, draft: EventDraft) => ctx.mutate('calendar.updateEvent', { id, draft }),
    /** New times from a drag or resize on the calendar. */
    moveEvent: (id: string, start: Date, end: Date | null) =>
      ctx.mutate('calendar.moveEvent', { id, start: start.toISOString(), end: end ? end.toISOString() : null }),
    deleteEvent: (id: string) => ctx.mutate('calendar.deleteEvent', { id }),
  };
}
