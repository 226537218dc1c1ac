import { useId, useState } from 'react';
import { EMPTY_EVENT_DRAFT, type EventDraft } from '../../lib/domain/calendar';
import { EVENT_TYPES, type Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { useT } from '../ui/i18n';
import { useFormResult } from '../ui/useFormResult';


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
  /** The time zone the date fields are in, as the user reads it (e.g. 'Eastern Time (ET)'); said under the fields when given. */
  timeZoneLabel?: string;
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
  timeZoneLabel,
}: EventDialogProps) {
  const { t } = useT();
  const typeOptions = EVENT_TYPES.map((type) => ({ value: type, label: t(`calendar.type.${type}`) }));
  const [draft, setDraft] = useState<EventDraft>(defaultValue);
  const { error, errorText, setError, finish: finishForm } = useFormResult();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const id = useId();
  const errorId = `${id}-error`;

  function close() {
    setDraft(defaultValue);
    setError(null);
    onOpenChange(false);
  }
  function finish(result: Result<unknown>) {
    if (finishForm(result)) close();
  }
  const set = <K extends keyof EventDraft>(key: K, value: EventDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const invalid = error ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={mode === 'edit' ? t('calendar.editEvent') : t('calendar.addEvent')}
        onSubmit={() => finish(onSave(draft))}
        footer={
          <>
            {mode === 'edit' && onDelete && (
              <Button variant="danger" disabledReason={disabledReason} onClick={() => setConfirmDelete(true)}>
                {t('calendar.delete')}
              </Button>
            )}
            <span className="cf-spacer" />
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button type="submit" variant="primary" disabledReason={disabledReason}>
              {mode === 'edit' ? t('calendar.updateEvent') : t('calendar.addEvent')}
            </Button>
          </>
        }
      >
        <div className="cf-field">
          <label htmlFor={`${id}-title`}>{t('calendar.title')}</label>
          <input id={`${id}-title`} className="cf-input" required value={draft.title} onChange={(e) => set('title', e.target.value)} {...invalid} />
        </div>
        <div className="cf-event-dates">
          <div className="cf-field">
            <label htmlFor={`${id}-start`}>{t('calendar.startDate')}</label>
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
            <label htmlFor={`${id}-end`}>{t('calendar.endDate')}</label>
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
        {timeZoneLabel && <p className="cf-muted">{t('calendar.zoneNote', { zone: timeZoneLabel })}</p>}
        <div className="cf-field">
          <label htmlFor={`${id}-type`}>{t('calendar.eventType')}</label>
          <Select<EventDraft['type']> id={`${id}-type`} required options={typeOptions} value={draft.type} onValueChange={(type) => set('type', type)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-description`}>{t('calendar.description')}</label>
          <textarea id={`${id}-description`} className="cf-textarea" value={draft.description} onChange={(e) => set('description', e.target.value)} />
        </div>
        <div className="cf-field">
          <label htmlFor={`${id}-creator`}>{t('calendar.creator')}</label>
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
            {errorText}
          </p>
        )}
      </Dialog>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('calendar.deleteTitle')}
        confirmLabel={t('calendar.deleteConfirm')}
        onConfirm={() => {
          setConfirmDelete(false);
          if (onDelete) finish(onDelete());
        }}
      >
        <p>{t('calendar.deleteBody', { title: draft.title || t('calendar.thisEvent') })}</p>
      </ConfirmDialog>
    </>
  );
}
