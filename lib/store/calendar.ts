// Calendar event actions (spec §2 "Calendar", §4 "Calendar dialog", §5, §8; PRODUCT-NOTES).
import { computed } from '@preact/signals-core';
import {
  CALENDAR_MESSAGES,
  EVENT_TYPE_LABEL,
  calendarEntries,
  createEvent,
  creatorNames,
  moveEvent as moveCalendarEvent,
  updateEvent as updateCalendarEvent,
  type EventDraft,
} from '../domain/calendar';
import { MESSAGES } from '../domain/constants';
import { fail, ok, type CalendarEvent, type Funnel, type Order, type Result } from '../domain/types';
import type { StoreContext } from './core';

export function createCalendarSlice(ctx: StoreContext) {
  const events = ctx.collection<CalendarEvent>('events');
  const funnels = ctx.collection<Funnel>('funnels');
  const orders = ctx.collection<Order>('orders');

  /** Stored events plus read-only shipments of orders with tracking. */
  const entries = computed(() => calendarEntries(events.items.value, orders.items.value, funnels.items.value));
  /** Workspace creators, suggested in the Creator field. */
  const creators = computed(() => creatorNames(funnels.items.value));

  const describe = (event: CalendarEvent) =>
    `${EVENT_TYPE_LABEL[event.type]} "${event.title}" ${event.start} → ${event.end}${event.creatorName ? ` (${event.creatorName})` : ''}`;

  function find(id: string): Result<CalendarEvent> {
    if (id.startsWith('order:')) return fail(CALENDAR_MESSAGES.readOnlyShipment);
    const event = events.get(id);
    return event ? ok(event) : fail(CALENDAR_MESSAGES.eventMissing);
  }

  function addEvent(draft: EventDraft): Result<CalendarEvent> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const result = createEvent(draft, funnels.items.peek(), ctx.newId('ev'));
    if (!result.ok) return result;
    ctx.transaction(() => {
      events.put(result.value);
      ctx.log({ action: 'Calendar event added', actionType: 'system', details: describe(result.value) });
    });
    return result;
  }

  function updateEvent(id: string, draft: EventDraft): Result<CalendarEvent> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const existing = find(id);
    if (!existing.ok) return existing;
    const result = updateCalendarEvent(existing.value, draft, funnels.items.peek());
    if (!result.ok) return result;
    ctx.transaction(() => {
      events.put(result.value);
      ctx.log({ action: 'Calendar event updated', actionType: 'system', details: describe(result.value) });
    });
    return result;
  }

  /** New times from a drag or resize on the calendar. */
  function moveEvent(id: string, start: Date, end: Date | null): Result<CalendarEvent> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const existing = find(id);
    if (!existing.ok) return existing;
    const result = moveCalendarEvent(existing.value, start, end);
    if (!result.ok) return result;
    ctx.transaction(() => {
      events.put(result.value);
      ctx.log({ action: 'Calendar event moved', actionType: 'system', details: describe(result.value) });
    });
    return result;
  }

  function deleteEvent(id: string): Result<CalendarEvent> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const existing = find(id);
    if (!existing.ok) return existing;
    ctx.transaction(() => {
      events.remove(id);
      ctx.log({ action: 'Calendar event deleted', actionType: 'system', details: describe(existing.value) });
    });
    return ok(existing.value, MESSAGES.eventDeleted);
  }

  return { events, entries, creators, addEvent, updateEvent, moveEvent, deleteEvent };
}
