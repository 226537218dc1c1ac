import { useId, useState } from 'react';
import type { Message } from '../../lib/domain/messages';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';

export interface TagEditorProps {
  /** Accessible name of the list and prefix of the controls, e.g. 'Interest Tags'. */
  label: string;
  tags: readonly string[];
  /** Adds a tag; returns an error to show, or null when added. */
  onAdd(text: string): Message | null;
  onRemove(tag: string): void;
  /** Why editing is not allowed, or null. */
  blocked?: string | null;
  /** The input's label, e.g. 'Add interest tags'. */
  addLabel: string;
  /** Input placeholder. */
  placeholder?: string;
  /** Hide the visible label (when a heading names the editor). Default false. */
  hideLabel?: boolean;
}

/** Removable tags plus an input that adds on Enter or the Add button, only when the trimmed text is non-empty (spec §5). */
export function TagEditor({ label, addLabel, tags, onAdd, onRemove, blocked = null, placeholder, hideLabel = false }: TagEditorProps) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<Message | null>(null);
  const id = useId();
  const { t, say } = useT();
  function add() {
    if (!draft.trim()) return; // nothing to add: spec §5
    const problem = onAdd(draft);
    setError(problem);
    if (!problem) setDraft('');
  }
  return (
    <div className="cf-stack" style={{ gap: 8 }}>
      <ul className="cf-tags" aria-label={label}>
        {tags.map((tag) => (
          <li key={tag} className="cf-tag">
            {tag}
            <button type="button" className="cf-chip-remove" aria-label={t('funnelBoard.tags.remove', { tag })} disabled={Boolean(blocked)} title={blocked ?? undefined} onClick={() => onRemove(tag)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
        {tags.length === 0 && <li className="cf-muted">{t('funnelBoard.tags.none')}</li>}
      </ul>
      <div className="cf-row">
        <label htmlFor={id} className={hideLabel ? 'cf-visually-hidden' : 'cf-label'}>
          {addLabel}
        </label>
        <input
          id={id}
          className="cf-input"
          value={draft}
          placeholder={placeholder}
          disabled={Boolean(blocked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button size="small" onClick={add} disabledReason={blocked} aria-label={t('funnelBoard.tags.addTo', { label })}>
          {t('funnelBoard.tags.add')}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="cf-error" role="alert">
          {say(error)}
        </p>
      )}
    </div>
  );
}
