// Calendar event writes (spec §2 "Calendar", §4 "Calendar dialog"): add, edit, move, delete.
// Shipments shown on the calendar come from orders and are read-only.
import * as v from 'valibot';
import { dateValue, message } from '../domain/messages';
import { createEvent, moveEvent as moveRule, updateEvent as updateRule } from '../domain/calendar';
import { accept, refuse, ok, type CalendarEvent, type Result } from '../domain/types';
import { eventDraft, id, isoDate } from './args';
import { all, defineMutator, idsFrom, one } from './define';
import type { ReadTx } from './types';

/** An event as its activity entry says it: its type in the reader's language, its times in the workspace's zone. */
const describe = (event: CalendarEvent) => {
  const values = { type: message(`calendar.type.${event.type}`), title: event.title, start: dateValue(event.start), end: dateValue(event.end) };
  return event.creatorName ? message('activity.byAction.eventWithCreator', { ...values, creator: event.creatorName }) : message('activity.byAction.event', values);
};

export function findEvent(tx: ReadTx, eventId: string): Result<CalendarEvent> {
  if (eventId.startsWith('order:')) return refuse('domain.calendar.readOnlyShipment');
  const event = tx.get('events', eventId);
  return event ? ok(event) : refuse('domain.calendar.eventMissing');
}

export const addEvent = defineMutator({
  name: 'calendar.addEvent',
  args: v.object({ draft: eventDraft }),
  reads: () => [all('funnels')],
  run(tx, args, meta) {
    const result = createEvent(args.draft, tx.scan('funnels'), idsFrom(meta)('ev'));
    if (!result.ok) return result;
    tx.put('events', result.value);
    tx.log({ action: message('activity.action.eventAdded'), actionType: 'system', details: describe(result.value) });
    return result;
  },
});

export const updateEvent = defineMutator({
  name: 'calendar.updateEvent',
  args: v.object({ id, draft: eventDraft }),
  reads: (args) => [one('events', args.id), all('funnels')],
  run(tx, args) {
    const existing = findEvent(tx, args.id);
    if (!existing.ok) return existing;
    const result = updateRule(existing.value, args.draft, tx.scan('funnels'));
    if (!result.ok) return result;
    tx.put('events', result.value);
    tx.log({ action: message('activity.action.eventUpdated'), actionType: 'system', details: describe(result.value) });
    return result;
  },
});

/** New times from a drag or resize on the calendar. */
export const moveEvent = defineMutator({
  name: 'calendar.moveEvent',
  args: v.object({ id, start: isoDate, end: v.nullable(isoDate) }),
  reads: (args) => [one('events', args.id)],
  run(tx, args) {
    const existing = findEvent(tx, args.id);
    if (!existing.ok) return existing;
    const result = moveRule(existing.value, new Date(args.start), args.end === null ? null : new Date(args.end));
    if (!result.ok) return result;
    tx.put('events', result.value);
    tx.log({ action: message('activity.action.eventMoved'), actionType: 'system', details: describe(result.value) });
    return result;
  },
});

export const deleteEvent = defineMutator({
  name: 'calendar.deleteEvent',
  args: v.object({ id }),
  reads: (args) => [one('events', args.id)],
  run(tx, args) {
    const existing = findEvent(tx, args.id);
    if (!existing.ok) return existing;
    tx.delete('events', args.id);
    tx.log({ action: message('activity.action.eventDeleted'), actionType: 'system', details: describe(existing.value) });
    return accept(existing.value, 'domain.calendar.deleted');
  },
});
