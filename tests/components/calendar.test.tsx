import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_EVENT_DRAFT, validateEvent, type EventDraft } from '../../lib/domain/calendar';
import { fail, ok } from '../../lib/domain/types';
import { EventDialog } from '../../widgets/calendar/EventDialog';
import { makeStore, renderScreen } from '../helpers/render';

// FullCalendar itself is exercised in Chromium (tests/e2e/calendar.e2e.ts); here the dialog.
const draft: EventDraft = { ...EMPTY_EVENT_DRAFT, start: '2026-03-12T00:00', end: '2026-03-13T00:00' };

async function setup(props: Partial<Parameters<typeof EventDialog>[0]> = {}) {
  const onSave = vi.fn((d: EventDraft) => validateEvent(d));
  const onOpenChange = vi.fn();
  const utils = await renderScreen(
    <EventDialog open onOpenChange={onOpenChange} defaultValue={draft} creators={['Emma Davis', 'Sarah Johnson']} onSave={onSave} {...props} />,
  );
  return { onSave, onOpenChange, utils };
}

describe('<EventDialog>', () => {
  it('opens Add Event with the range prefilled and type Reminder', async () => {
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue('2026-03-12T00:00');
    expect(within(dialog).getByLabelText('End Date')).toHaveValue('2026-03-13T00:00');
    expect(within(dialog).getByRole('combobox', { name: 'Event Type' })).toHaveDisplayValue('Reminder');
    expect(within(dialog).getByRole('option', { name: 'Shipment' })).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'Review' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('refuses a missing title with the spec message and stays open', async () => {
    const user = userEvent.setup();
    const { onSave, onOpenChange } = await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please fill in all required fields');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('refuses an end that is not after the start, with a clear message', async () => {
    const user = userEvent.setup();
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await user.type(within(dialog).getByLabelText('Title'), 'Ship kit');
    const end = within(dialog).getByLabelText('End Date');
    await user.clear(end);
    await user.type(end, '2026-03-11T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('End Date must be after Start Date');
    expect(within(dialog).getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves a valid draft with the chosen type and creator, then closes', async () => {
    const user = userEvent.setup();
    const { onSave, onOpenChange } = await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await user.type(within(dialog).getByLabelText('Title'), 'Review cut');
    await user.selectOptions(within(dialog).getByLabelText('Event Type'), 'Review');
    await user.type(within(dialog).getByLabelText('Creator'), 'Emma Davis');
    await user.type(within(dialog).getByLabelText('Description'), 'Second cut');
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ title: 'Review cut', type: 'review', creatorName: 'Emma Davis', description: 'Second cut' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('suggests workspace creators for the free-text Creator field', async () => {
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    const input = within(dialog).getByLabelText('Creator');
    const list = dialog.querySelector(`datalist#${CSS.escape(input.getAttribute('list')!)}`)!;
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['Emma Davis', 'Sarah Johnson']);
  });

  it('in edit mode shows Update Event and Delete, which asks first', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn(() => ok(undefined, 'Event deleted successfully'));
    const { onOpenChange } = await setup({ mode: 'edit', defaultValue: { ...draft, title: 'Existing' }, onDelete });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Event' });
    expect(within(dialog).getByRole('button', { name: 'Update Event' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this event?' });
    expect(confirm).toHaveTextContent('Existing is removed from the calendar.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this event?' })).getByRole('button', { name: 'Delete event' }));
    expect(onDelete).toHaveBeenCalled();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Cancel closes and resets the draft', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = await setup({ onSave: () => fail('x') });
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await user.type(within(dialog).getByLabelText('Title'), 'Draft text');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(within(dialog).getByLabelText('Title')).toHaveValue('');
  });

  it('disables saving for a Viewer, with the reason', async () => {
    await setup({ disabledReason: 'Your role cannot make changes in this workspace' });
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    expect(within(dialog).getByRole('button', { name: 'Add Event' })).toHaveAttribute('title', 'Your role cannot make changes in this workspace');
    expect(within(dialog).getByRole('button', { name: 'Add Event' })).toBeDisabled();
  });
});

describe('calendar store through the dialog', () => {
  it('an added event is stored with status pending and the creator linked', async () => {
    const user = userEvent.setup();
    const store = await makeStore();
    render(<EventDialog open onOpenChange={() => {}} defaultValue={draft} onSave={(d) => store.calendar.addEvent(d)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add Event' });
    await user.type(within(dialog).getByLabelText('Title'), 'Call Sarah');
    await user.type(within(dialog).getByLabelText('Creator'), 'Sarah Johnson');
    await user.click(within(dialog).getByRole('button', { name: 'Add Event' }));
    expect(store.calendar.events.items.value.find((e) => e.title === 'Call Sarah')).toMatchObject({ status: 'pending', type: 'reminder', creatorId: 'CR12345' });
  });
});
