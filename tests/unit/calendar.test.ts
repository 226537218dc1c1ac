import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALENDAR_MESSAGES,
  EMPTY_EVENT_DRAFT,
  calendarEntries,
  createEvent,
  draftForNextHour,
  draftFromEvent,
  draftFromRange,
  moveEvent,
  orderShipmentEntries,
  toLocalInput,
  updateEvent,
  validateEvent,
  type EventDraft,
} from '../../lib/domain/calendar';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createStore } from '../../lib/store/createStore';
import { sampleEvents, sampleFunnels, sampleOrders } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const funnels = sampleFunnels(now);
const draft = (overrides: Partial<EventDraft> = {}): EventDraft => ({
  ...EMPTY_EVENT_DRAFT,
  title: 'Call Sarah',
  start: '2026-03-12T10:00',
  end: '2026-03-12T11:00',
  ...overrides,
});

describe('validateEvent (spec §5, end after start)', () => {
  it('requires title, start, end and type with the spec message', () => {
    for (const missing of [{ title: '  ' }, { start: '' }, { end: '' }, { type: '' as const }]) {
      expect(validateEvent(draft(missing))).toMatchObject({ ok: false, error: 'Please fill in all required fields' });
    }
  });
  it('refuses an end that is not after the start', () => {
    expect(validateEvent(draft({ end: '2026-03-12T10:00' }))).toMatchObject({ ok: false, error: CALENDAR_MESSAGES.endBeforeStart });
    expect(validateEvent(draft({ end: '2026-03-12T09:00' }))).toMatchObject({ ok: false, error: CALENDAR_MESSAGES.endBeforeStart });
  });
  it('refuses dates that cannot be read', () => {
    expect(validateEvent(draft({ start: 'soon' }))).toMatchObject({ ok: false, error: CALENDAR_MESSAGES.invalidDate });
  });
  it('trims text and stores ISO times', () => {
    const result = validateEvent(draft({ title: '  Call Sarah ', description: ' hi ' }));
    expect(result).toMatchObject({ ok: true, value: { title: 'Call Sarah', description: 'hi', start: new Date('2026-03-12T10:00').toISOString() } });
  });
  it('property: an accepted event always ends after it starts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: -600, max: 600 }), (startMin, lengthMin) => {
        const start = new Date(now.getTime() + startMin * 60_000);
        const end = new Date(start.getTime() + lengthMin * 60_000);
        const result = validateEvent(draft({ start: start.toISOString(), end: end.toISOString() }));
        expect(result.ok).toBe(lengthMin > 0);
        if (result.ok) expect(new Date(result.value.end).getTime()).toBeGreaterThan(new Date(result.value.start).getTime());
      }),
    );
  });
});

describe('createEvent / updateEvent', () => {
  it('a new event is pending, links a known creator and says so', () => {
    const result = createEvent(draft({ creatorName: 'sarah johnson', type: 'review' }), funnels, 'ev_x');
    expect(result).toMatchObject({ ok: true, message: 'Event added successfully', value: { id: 'ev_x', status: 'pending', type: 'review', creatorId: 'CR12345', creatorName: 'Sarah Johnson' } });
  });
  it('keeps a free-text creator that is not in the workspace', () => {
    expect(createEvent(draft({ creatorName: 'Someone New' }), funnels, 'ev_y')).toMatchObject({ ok: true, value: { creatorId: '', creatorName: 'Someone New' } });
  });
  it('updates keep id and status', () => {
    const [event] = sampleEvents(now);
    const result = updateEvent(event, { ...draftFromEvent(event), title: 'Renamed' }, funnels);
    expect(result).toMatchObject({ ok: true, message: 'Event updated successfully', value: { id: event.id, status: 'pending', title: 'Renamed', start: event.start, end: event.end } });
  });
});

describe('moveEvent (drag and resize)', () => {
  const [event] = sampleEvents(now);
  it('saves new times', () => {
    const start = new Date('2026-03-20T09:00:00Z');
    const end = new Date('2026-03-20T12:00:00Z');
    expect(moveEvent(event, start, end)).toMatchObject({ ok: true, value: { start: start.toISOString(), end: end.toISOString() } });
  });
  it('keeps the duration when no end is given', () => {
    const start = new Date('2026-03-20T09:00:00Z');
    const result = moveEvent(event, start, null);
    expect(result.ok && new Date(result.value.end).getTime() - start.getTime()).toBe(new Date(event.end).getTime() - new Date(event.start).getTime());
  });
  it('refuses a resize to nothing', () => {
    const start = new Date('2026-03-20T09:00:00Z');
    expect(moveEvent(event, start, start)).toMatchObject({ ok: false, error: CALENDAR_MESSAGES.endBeforeStart });
  });
});

describe('drafts', () => {
  it('a clicked day prefills that range; a zero range lasts an hour', () => {
    expect(draftFromRange(new Date(2026, 2, 12), new Date(2026, 2, 13))).toMatchObject({ start: '2026-03-12T00:00', end: '2026-03-13T00:00', type: 'reminder' });
    expect(draftFromRange(new Date(2026, 2, 12, 9), null)).toMatchObject({ start: '2026-03-12T09:00', end: '2026-03-12T10:00' });
  });
  it('the Add Event button proposes the next whole hour', () => {
    expect(draftForNextHour(new Date(2026, 2, 10, 12, 20))).toMatchObject({ start: '2026-03-10T13:00', end: '2026-03-10T14:00' });
  });
  it('round-trips an event through the dialog format', () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3))).toBe('2026-01-05T07:03');
  });
});

describe('order shipments on the calendar', () => {
  it('orders with tracking appear as read-only shipment events at their ship time', () => {
    const entries = orderShipmentEntries(sampleOrders(now), funnels);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: 'order:ord_3', type: 'shipment', editable: false, source: 'order', creatorName: 'Emma Davis' });
    expect(entries[0].description).toContain('1Z999AA10123456784');
  });
  it('shows stored events first, then shipments', () => {
    const entries = calendarEntries(sampleEvents(now), sampleOrders(now), funnels);
    expect(entries.map((e) => e.id)).toEqual(['ev_1', 'ev_2', 'order:ord_3']);
  });
});

describe('calendar store actions', () => {
  async function store() {
    const s = createStore({ storage: createMemoryStorage(), now: () => now });
    await s.loaded;
    return s;
  }
  it('adds, moves and deletes, logging each write', async () => {
    const s = await store();
    const added = s.calendar.addEvent(draft());
    expect(added.ok).toBe(true);
    const id = added.ok ? added.value.id : '';
    expect(s.calendar.events.items.value).toHaveLength(3);
    expect(s.calendar.moveEvent(id, new Date('2026-03-13T10:00:00Z'), new Date('2026-03-13T12:00:00Z')).ok).toBe(true);
    expect(s.calendar.events.get(id)?.end).toBe('2026-03-13T12:00:00.000Z');
    expect(s.calendar.deleteEvent(id)).toMatchObject({ ok: true, message: 'Event deleted successfully' });
    expect(s.calendar.events.get(id)).toBeUndefined();
    const actions = s.admin.activity.items.value.map((a) => a.action);
    expect(actions.slice(0, 3)).toEqual(['Calendar event deleted', 'Calendar event moved', 'Calendar event added']);
  });
  it('refuses bad input and order shipments, changing nothing', async () => {
    const s = await store();
    const before = s.calendar.events.items.value;
    expect(s.calendar.addEvent(draft({ title: '' }))).toMatchObject({ ok: false, error: 'Please fill in all required fields' });
    expect(s.calendar.updateEvent('ev_1', draft({ end: '2026-03-12T08:00' }))).toMatchObject({ ok: false, error: CALENDAR_MESSAGES.endBeforeStart });
    expect(s.calendar.deleteEvent('order:ord_3')).toMatchObject({ ok: false, error: CALENDAR_MESSAGES.readOnlyShipment });
    expect(s.calendar.events.items.value).toBe(before);
  });
  it('refuses a Viewer', async () => {
    const s = await store();
    s.session.signIn('tm_3');
    expect(s.calendar.addEvent(draft())).toMatchObject({ ok: false, error: 'Your role cannot make changes in this workspace' });
  });
});
