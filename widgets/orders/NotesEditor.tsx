import { useId } from 'react';
import type { Order, Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { showResult } from '../ui/toast';
import { useT } from '../ui/i18n';
import { useSavedDraft } from '../ui/useSavedDraft';

export interface NotesEditorProps {
  /**
   * The order's notes as the store holds them: the server's value and this member's own
   * waiting changes. The editor shows it, and follows it, until the member types.
   */
  savedValue: string;
  onSave(notes: string): Result<Order>;
  writeBlocked: string | null;
}

/** The order's Notes editor ('Notes saved successfully'). */
export function NotesEditor({ savedValue, onSave, writeBlocked }: NotesEditorProps) {
  const draft = useSavedDraft(savedValue);
  const id = useId();
  const { t } = useT();
  return (
    <form
      className="cf-stack"
      onSubmit={(event) => {
        event.preventDefault();
        const result = onSave(draft.value);
        showResult(result);
        if (result.ok) draft.reset();
      }}
    >
      <div className="cf-field">
        <label htmlFor={id}>{t('orders.orderNotes')}</label>
        <textarea
          id={id}
          className="cf-textarea"
          value={draft.value}
          readOnly={Boolean(writeBlocked)}
          placeholder={t('orders.notesPlaceholder')}
          onChange={(event) => draft.set(event.target.value)}
        />
      </div>
      <div className="cf-row">
        <Button type="submit" disabledReason={writeBlocked} disabled={!draft.dirty}>
          {t('orders.saveNotes')}
        </Button>
      </div>
    </form>
  );
}
