// Calendar event actions. Owned by the calendar issue.
import type { CalendarEvent } from '../domain/types';
import type { StoreContext } from './core';

export function createCalendarSlice(ctx: StoreContext) {
  const events = ctx.collection<CalendarEvent>('events');
  return { events };
}
