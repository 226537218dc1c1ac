import { useId, useState } from 'react';
import type { Order, Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { showResult } from '../ui/toast';
import { useT } from '../ui/i18n';

export interface NotesEditorProps {
  /** The saved notes the editor starts from. */
  defaultValue: string;
  onSave(notes: string): Result<Order>;
  writeBlocked: string | null;
}

/** The order's Notes editor ('Notes saved successfully'). */
export function NotesEditor({ defaultValue, onSave, writeBlocked }: NotesEditorProps) {
  const [draft, setDraft] = useState(defaultValue);
  const id = useId();
  const { t } = useT();
  return (
    <form
      className="cf-stack"
      onSubmit={(event) => {
        event.preventDefault();
        showResult(onSave(draft));
      }}
    >
      <div className="cf-field">
        <label htmlFor={id}>{t('orders.orderNotes')}</label>
        <textarea
          id={id}
          className="cf-textarea"
          value={draft}
          readOnly={Boolean(writeBlocked)}
          placeholder={t('orders.notesPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <div className="cf-row">
        <Button type="submit" disabledReason={writeBlocked} disabled={draft === defaultValue}>
          {t('orders.saveNotes')}
        </Button>
      </div>
    </form>
  );
}
