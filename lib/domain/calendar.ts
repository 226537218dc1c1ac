// Calendar rules: spec §2 "Calendar", §3 "Calendar event", §4 "Calendar dialog", §5, §8; an
// end not after the start is refused. Pure: time comes in as arguments.
import { EVENT_TYPES, accept, refuse, ok, type CalendarEvent, type EventType, type Funnel, type Order, type Result } from './types';

export const EVENT_TYPE_LABEL: Record<EventType, string> = {
  shipment: 'Shipment',
  reminder: 'Reminder',
  review: 'Review',
};

/** New events start as a reminder, status pending (spec §4 "Calendar dialog"). */
export const DEFAULT_EVENT_TYPE: EventType = 'reminder';
export const DEFAULT_EVENT_STATUS = 'pending';

/** Ours: the spec gives no message for an invalid or inverted range, and users need one. */
export const CALENDAR_MESSAGES = {
  invalidDate: 'Please enter a valid start and end date',
  endBeforeStart: 'End Date must be after Start Date',
  eventMissing: 'This event no longer exists',
  readOnlyShipment: 'Order shipments come from Orders and cannot be changed here',
} as const;

/** What the Add / Edit Event dialog edits. Dates are anything `new Date()` reads (datetime-local or ISO). */
export interface EventDraft {
  title: string;
  start: string;
  end: string;
  type: EventType | '';
  description: string;
  creatorName: string;
}

export const EMPTY_EVENT_DRAFT: EventDraft = { title: '', start: '', end: '', type: DEFAULT_EVENT_TYPE, description: '', creatorName: '' };

export interface ValidEvent {
  title: string;
  start: string;
  end: string;
  type: EventType;
  description: string;
  creatorName: string;
}

const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);
const parse = (value: string) => new Date(value);
const valid = (date: Date) => !Number.isNaN(date.getTime());

/** An end strictly after the start, both real dates: a zero-length event cannot be shown. */
export function validateRange(start: Date, end: Date): Result<{ start: Date; end: Date }> {
  if (!valid(start) || !valid(end)) return refuse('domain.calendar.invalidDate');
  if (end.getTime() <= start.getTime()) return refuse('domain.calendar.endBeforeStart');
  return ok({ start, end });
}

/** Title, start, end and type are required (spec §5); the end must be after the start. */
export function validateEvent(draft: EventDraft): Result<ValidEvent> {
  const title = draft.title.trim();
  if (!title || !draft.start.trim() || !draft.end.trim() || !draft.type) return refuse('domain.requiredFields');
  if (!isEventType(draft.type)) return refuse('domain.requiredFields');
  const range = validateRange(parse(draft.start), parse(draft.end));
  if (!range.ok) return range;
  return ok({
    title,
    start: range.value.start.toISOString(),
    end: range.value.end.toISOString(),
    type: draft.type,
    description: draft.description.trim(),
    creatorName: draft.creatorName.trim(),
  });
}

/** The creator a typed name refers to (case-insensitive name or handle), if any. */
export function findCreator(funnels: readonly Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle'>[], name: string) {
  const key = name.trim().toLowerCase();
  if (!key) return undefined;
  return funnels.find((f) => f.creatorName.toLowerCase() === key || f.creatorHandle.toLowerCase() === key);
}

/** Distinct creator names of the workspace, sorted, for the Creator suggestions. */
export function creatorNames(funnels: readonly Pick<Funnel, 'creatorName'>[]): string[] {
  return [...new Set(funnels.map((f) => f.creatorName).filter(Boolean))].sort((a, b) => a.localeCompare(b));
}

type CreatorLookup = readonly Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle'>[];

/** A new event from the dialog (status pending). */
export function createEvent(draft: EventDraft, funnels: CreatorLookup, id: string): Result<CalendarEvent> {
  const checked = validateEvent(draft);
  if (!checked.ok) return checked;
  const creator = findCreator(funnels, checked.value.creatorName);
  return accept(
    {
      id,
      ...checked.value,
      creatorId: creator?.id ?? '',
      creatorName: creator?.creatorName ?? checked.value.creatorName,
      status: DEFAULT_EVENT_STATUS,
    },
    'domain.calendar.added',
  );
}

/** The event with the dialog's changes; id and status are kept. */
export function updateEvent(event: CalendarEvent, draft: EventDraft, funnels: CreatorLookup): Result<CalendarEvent> {
  const checked = validateEvent(draft);
  if (!checked.ok) return checked;
  const creator = findCreator(funnels, checked.value.creatorName);
  return accept(
    {
      ...event,
      ...checked.value,
      creatorId: creator?.id ?? '',
      creatorName: creator?.creatorName ?? checked.value.creatorName,
    },
    'domain.calendar.updated',
  );
}

/**
 * New times from a drag or resize. A missing end keeps the event's duration
 * (FullCalendar gives no end for some drops).
 */
export function moveEvent(event: CalendarEvent, start: Date, end: Date | null): Result<CalendarEvent> {
  const duration = new Date(event.end).getTime() - new Date(event.start).getTime();
  const newEnd = end ?? new Date(start.getTime() + (duration > 0 ? duration : 60 * 60 * 1000));
  const range = validateRange(start, newEnd);
  if (!range.ok) return range;
  return accept({ ...event, start: start.toISOString(), end: newEnd.toISOString() }, 'domain.calendar.updated');
}

/** The dialog's draft for an existing event (dates as datetime-local values in local time). */
export function draftFromEvent(event: CalendarEvent): EventDraft {
  return {
    title: event.title,
    start: toLocalInput(new Date(event.start)),
    end: toLocalInput(new Date(event.end)),
    type: event.type,
    description: event.description,
    creatorName: event.creatorName,
  };
}

/** The Add Event draft for a clicked or dragged range. */
export function draftFromRange(start: Date, end: Date | null): EventDraft {
  const finish = end && end.getTime() > start.getTime() ? end : new Date(start.getTime() + 60 * 60 * 1000);
  return { ...EMPTY_EVENT_DRAFT, start: toLocalInput(start), end: toLocalInput(finish) };
}

/** The next whole hour after `now`, one hour long: the default of the Add Event button. */
export function draftForNextHour(now: Date): EventDraft {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  return draftFromRange(start, new Date(start.getTime() + 60 * 60 * 1000));
}

/** `yyyy-MM-ddTHH:mm` in local time, the value format of <input type="datetime-local">. */
export function toLocalInput(date: Date): string {
  if (!valid(date)) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A calendar entry as the view shows it: stored events plus read-only order shipments. */
export interface CalendarEntry {
  id: string;
  title: string;
  start: string;
  end: string;
  type: EventType;
  /** False for order shipments: they are changed in Orders. */
  editable: boolean;
  /** Where the entry comes from. */
  source: 'event' | 'order';
  /** The order id, for order shipments. */
  orderId?: string;
  creatorName: string;
  description: string;
}

const SHIPMENT_DURATION_MS = 60 * 60 * 1000;

/** When an order shipped: its last Shipped history entry, else its last update. */
function shippedAt(order: Order): string {
  const shipped = [...order.history].reverse().find((h) => h.status === 'Shipped');
  return shipped?.timestamp ?? order.updatedAt;
}

/** Orders with a tracking number appear as read-only shipment events: they are edited in Orders. */
export function orderShipmentEntries(orders: readonly Order[], funnels: readonly Pick<Funnel, 'id' | 'creatorName'>[] = []): CalendarEntry[] {
  return orders
    .filter((order) => Boolean(order.trackingNumber?.trim()))
    .map((order) => {
      const start = new Date(shippedAt(order));
      const creator = order.creatorId ? funnels.find((f) => f.id === order.creatorId) : undefined;
      const carrier = order.carrierName ? `${order.carrierName} ` : '';
      return {
        id: `order:${order.id}`,
        title: `Shipment ${order.orderNumber} to ${order.customerName}`,
        start: start.toISOString(),
        end: new Date(start.getTime() + SHIPMENT_DURATION_MS).toISOString(),
        type: 'shipment' as const,
        editable: false,
        source: 'order' as const,
        orderId: order.id,
        creatorName: creator?.creatorName ?? '',
        description: `Tracking ${carrier}${order.trackingNumber}`,
      };
    })
    .filter((entry) => valid(new Date(entry.start)));
}

/** Everything the calendar shows: stored events, then order shipments. */
export function calendarEntries(
  events: readonly CalendarEvent[],
  orders: readonly Order[],
  funnels: readonly Pick<Funnel, 'id' | 'creatorName'>[] = [],
): CalendarEntry[] {
  const own: CalendarEntry[] = events.map((event) => ({
    id: event.id,
    title: event.title,
    start: event.start,
    end: event.end,
    type: event.type,
    editable: true,
    source: 'event',
    creatorName: event.creatorName,
    description: event.description,
  }));
  return [...own, ...orderShipmentEntries(orders, funnels)];
}
