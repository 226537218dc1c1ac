import { useEffect, useId, useRef, useState } from 'react';
import type { Step } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { Link } from '../ui/navigation';
import { routeTo } from '../ui/routes';

export interface StepTimelineProps {
  funnelId: string;
  steps: readonly Step[];
  /** Accessible name of the list, e.g. 'Steps of Sarah Johnson'. */
  label: string;
  /** Saves a step; return true when it was saved (closes the editor). */
  onSave(index: number, draft: { name: string; description: string }): boolean;
  /** Why editing is not allowed, or null. */
  editBlocked?: string | null;
}

export const stepState = (step: Step) => (step.current ? 'current' : step.completed ? 'completed' : 'upcoming');

/** The step timeline of an expanded card: each step links to its creator page; the pencil edits name and description. */
export function StepTimeline({ funnelId, steps, label, onSave, editBlocked = null }: StepTimelineProps) {
  const [editing, setEditing] = useState<number | null>(null);
  // Once an edit closes (saved or not), focus goes back to that step's pencil, not to <body>.
  const returnTo = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (returnTo.current === null) return;
    listRef.current?.querySelector<HTMLElement>(`[data-step-edit="${returnTo.current}"]`)?.focus();
    returnTo.current = null;
  });
  const { t } = useT();
  return (
    <ol className="cf-timeline" aria-label={label} ref={listRef}>
      {steps.map((step, index) => (
        <li key={index} className="cf-timeline-step" data-state={stepState(step)} aria-current={step.current ? 'step' : undefined}>
          <span className="cf-timeline-dot" aria-hidden="true">
            {step.completed ? '✓' : index + 1}
          </span>
          {editing === index ? (
            <StepEditor
              step={step}
              onClose={() => {
                returnTo.current = index;
                setEditing(null);
              }}
              onSave={(draft) => onSave(index, draft)}
            />
          ) : (
            <div className="cf-timeline-body">
              <div className="cf-row">
                <Link href={routeTo.creator(funnelId, step.name)} className="cf-timeline-name">
                  {step.name}
                </Link>
                <span className="cf-visually-hidden">{t(`funnelBoard.step.${stepState(step)}`)}</span>
                <Button
                  size="small"
                  variant="ghost"
                  className="cf-icon-button"
                  aria-label={t('funnelBoard.step.editLabel', { name: step.name })}
                  disabledReason={editBlocked}
                  data-step-edit={index}
                  onClick={() => setEditing(index)}
                >
                  <span aria-hidden="true">✎</span>
                </Button>
              </div>
              {step.description && <p className="cf-muted cf-timeline-desc">{step.description}</p>}
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * A step's name and description in a form, on the board's timeline and on the creator page.
 * Save closes it when `onSave` returns true (saved); Cancel and Escape close it unsaved.
 */
export function StepEditor({
  step,
  onSave,
  onClose,
}: {
  step: Step;
  onSave(draft: { name: string; description: string }): boolean;
  onClose(): void;
}) {
  const [name, setName] = useState(step.name);
  const [description, setDescription] = useState(step.description);
  const id = useId();
  const { t } = useT();
  return (
    <form
      className="cf-step-editor cf-stack"
      aria-label={t('funnelBoard.step.editLabel', { name: step.name })}
      onSubmit={(event) => {
        event.preventDefault();
        if (onSave({ name, description })) onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="cf-field">
        <label htmlFor={`${id}-name`}>{t('funnelBoard.step.name')}</label>
        <input id={`${id}-name`} className="cf-input" value={name} autoFocus onChange={(event) => setName(event.target.value)} />
      </div>
      <div className="cf-field">
        <label htmlFor={`${id}-description`}>{t('funnelBoard.step.description')}</label>
        <textarea id={`${id}-description`} className="cf-textarea" value={description} onChange={(event) => setDescription(event.target.value)} />
      </div>
      <div className="cf-row">
        <Button type="submit" variant="primary" size="small">
          {t('funnelBoard.step.save')}
        </Button>
        <Button size="small" onClick={onClose}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
