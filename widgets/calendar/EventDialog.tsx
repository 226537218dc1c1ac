import { useId, useState } from 'react';
import { EMPTY_EVENT_DRAFT, EVENT_TYPE_LABEL, type EventDraft } from '../../lib/domain/calendar';
import { EVENT_TYPES, type Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { showResult } from '../ui/toast';

const TYPE_OPTIONS = EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABEL[type] }));

export interface EventDialogProps {
  /** Whether the dialog is open (controlled). */
  open: boolean;
  /** Called with false on Cancel, Escape, the close button, or after a successful save or delete. */
  onOpenChange(open: boolean): void;
  /** 'add' shows Add Event; 'edit' shows Update Event and Delete. Default 'add'. */
  mode?: 'add' | 'edit';
  /** The draft the dialog starts from (a clicked range, or the event being edited). Default empty, type Reminder. */
  defaultValue?: EventDraft;
  /** Names suggested in the Creator field. Default none. */
  creators?: readonly string[];
  /** Saves the draft; a failure is shown in the dialog and nothing closes. */
  onSave(draft: EventDraft): Result<unknown>;
  /** Deletes the event (edit mode only). */
  onDelete?(): Result<unknown>;
  /** When set, saving and deleting are disabled with this reason. */
  disabledReason?: string | null;
}

/**
 * Add Event / Edit Event (spec §2 "Calendar", §4 "Calendar dialog"). Mount it with a new
 * `key` for each opening: closing resets the draft.
 */
export function EventDialog({
  open,
  onOpenChange,
  mode = 'add',
  defaultValue = EMPTY_EVENT_DRAFT,
  creators = [],
  onSave,
  onDelete,
  disabledReason,
}: EventDialogProps) {
  const [draft, setDraft] = useState<EventDraft>(defaultValue);
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  function close() {
    setDraft(defaultValue);
    setError(null);
    onOpenChange(false);
  }
  function finish(result: Result<unknown>) {
    if (!result.ok) {
      // Said inline, next to the form; a toast would say it twice inside the dialog.
      setError(result.error);
      return;
    }
    showResult(result);
    close();
  }
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={mode === 'edit' ? 'Edit Event' : 'Add Event'}
        onSubmit={() => finish(onSave(draft))}
        footer={
          <>
            {mode === 'edit' && onDelete && (
              <Button variant="danger" disabledReason={disabledReason} onClick={() => setConfirmDelete(true)}>
                Delete
              </Button>
            )}
            <span className="cf-spacer" />
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" disabledReason={disabledReason}>
              {mode === 'edit' ? 'Update Event' : 'Add Event'}
            </Button>
          </>
        }
      >
        <div className="cf-field">
          <label htmlFor={`${id}-title`}>Title</label>
          <input id={`${id}-title`} className="cf-input" required value={draft.title} onChange={(e) => set('title', e.target.value)} {...invalid} />
        </div>
        <div className="cf-event-dates">
          <div className="cf-field">
            <label htmlFor={`${id}-start`}>Start Date</label>
            <input
              id={`${id}-start`}
              className="cf-input"
              type="datetime-local"
              required
              value={draft.start}
              onChange={(e) => set('start', e.target.value)}
              {...invalid}
            />
          </div>
          <div className="cf-field">
            <label htmlFor={`${id}-end`}>End Date</label>
            <input
              id={`${id}-end`}
              className="cf-input"
              type="datetime-local"
              required
              min={draft.start || undefined}
              value={draft.end}
              onChange={(e) => set('end', e.target.value)}
              {...invalid}
            />
          </div>
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-type`}>Event Type</label>
          <Select<EventDraft['type']> id={`${id}-type`} required options={TYPE_OPTIONS} value={draft.type} onValueChange={(type) => set('type', type)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-description`}>Description</label>
          <textarea id={`${id}-description`} className="cf-textarea" value={draft.description} onChange={(e) => set('description', e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-creator`}>Creator</label>
          <input
            id={`${id}-creator`}
            className="cf-input"
            list={`${id}-creators`}
            autoComplete="off"
            value={draft.creatorName}
            onChange={(e) => set('creatorName', e.target.value)}
          />
          <datalist id={`${id}-creators`}>
            {creators.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        {error && (
          <p id={errorId} role="alert" className="cf-error">
            {error}
          </p>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this event?"
        confirmLabel="Delete event"
        onConfirm={() => {
          setConfirmDelete(false);
          if (onDelete) finish(onDelete());
        }}
      >
        <p>{draft.title || 'This event'} is removed from the calendar.</p>
      </ConfirmDialog>
    </>
  );
}
