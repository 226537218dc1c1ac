import { useId, useState } from 'react';
import type { Order, Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { showResult } from '../ui/toast';

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
  return (
    <form
      className="cf-stack"
      onSubmit={(event) => {
        event.preventDefault();
        showResult(onSave(draft));
      }}
    >
      <div className="cf-field">
        <label htmlFor={id}>Order notes</label>
        <textarea
          id={id}
          className="cf-textarea"
          value={draft}
          readOnly={Boolean(writeBlocked)}
          placeholder="Add a note about this order"
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <div className="cf-row">
        <Button type="submit" disabledReason={writeBlocked} disabled={draft === defaultValue}>
          Save Notes
        </Button>
      </div>
    </form>
  );
}
