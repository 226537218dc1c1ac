import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CAMPAIGN_OBJECTIVES, CONTENT_TYPES, CREATOR_PLATFORMS, NEW_FUNNEL_STEPS, type NewFunnelField } from '../../lib/domain/new-funnel';
import { FUNNEL_CATEGORIES, type FunnelCategory } from '../../lib/domain/types';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import type { NewFunnelWizardController } from './useNewFunnelWizard';

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** New Funnel (spec §1): creator details, campaign objectives, deliverables, one step at a time. */
export function NewFunnelWizard({ wizard }: { wizard: NewFunnelWizardController }) {
  const { step, draft, errors } = wizard;
  const id = useId();
  const bodyRef = useRef<HTMLFieldSetElement>(null);
  const last = step === NEW_FUNNEL_STEPS.length - 1;

  // A new step starts at its first field.
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    bodyRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [step]);

  /** A labelled control with its problem said below it and tied to it. */
  const field = (name: NewFunnelField, label: string, control: (props: ControlProps) => ReactNode, hint?: string) => {
    const controlId = `${id}-${name}`;
    const error = errors[name];
    const describedBy = [error && `${controlId}-error`, hint && `${controlId}-hint`].filter(Boolean).join(' ') || undefined;
    return (
      <div className="cf-field">
        <label htmlFor={controlId}>{label}</label>
        {control({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
        {hint && (
          <span id={`${controlId}-hint`} className="cf-muted cf-small">
            {hint}
          </span>
        )}
        {error && (
          <span id={`${controlId}-error`} className="cf-error">
            {error}
          </span>
        )}
      </div>
    );
  };
  const text = (name: NewFunnelField, label: string, type = 'text', extra: Record<string, string | number> = {}) =>
    field(name, label, (props) => (
      <input {...props} {...extra} className="cf-input" type={type} value={draft[name]} onChange={(e) => wizard.update({ [name]: e.target.value })} />
    ));
  const choice = (name: NewFunnelField, label: string, options: readonly string[], placeholder?: string) =>
    field(name, label, (props) => (
      <select {...props} className="cf-select" value={draft[name]} onChange={(e) => wizard.update({ [name]: e.target.value })}>
        {placeholder && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    ));

  return (
    <Dialog
      open={wizard.open}
      onOpenChange={(open) => !open && wizard.close()}
      title="New Funnel"
      className="cf-wizard"
      onSubmit={() => {
        // Focus goes to the first field with a problem, so it is read out and can be fixed.
        if (!wizard.next()) queueMicrotask(() => bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
      footer={
        <>
          {step === 0 ? <Button onClick={wizard.close}>Cancel</Button> : <Button onClick={wizard.back}>Back</Button>}
          <Button type="submit" variant="primary">
            {last ? 'Create Funnel' : 'Next'}
          </Button>
        </>
      }
    >
      <ol className="cf-wizard-steps" aria-label="Steps">
        {NEW_FUNNEL_STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? 'step' : undefined} data-state={index < step ? 'done' : index === step ? 'current' : 'todo'}>
            {label}
          </li>
        ))}
      </ol>
      <fieldset ref={bodyRef} className="cf-wizard-body">
        <legend>
          Step {step + 1} of {NEW_FUNNEL_STEPS.length}: {NEW_FUNNEL_STEPS[step]}
        </legend>
        {step === 0 && (
          <>
            {text('name', 'Creator Name', 'text', { autoComplete: 'off' })}
            {text('handle', 'Handle', 'text', { placeholder: '@handle', autoComplete: 'off' })}
            {text('email', 'Email', 'email', { autoComplete: 'off' })}
            {choice('platform', 'Platform', CREATOR_PLATFORMS)}
            <div className="cf-wizard-pair">
              {text('followers', 'Followers', 'number', { min: 0, step: 1, inputMode: 'numeric' })}
              {text('engagementRate', 'Engagement Rate (%)', 'number', { min: 0, max: 100, step: 0.1, inputMode: 'decimal' })}
            </div>
            {field('category', 'Category', (props) => (
              <select {...props} className="cf-select" value={draft.category} onChange={(e) => wizard.update({ category: e.target.value as FunnelCategory })}>
                {FUNNEL_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            ))}
            {field(
              'avatar',
              'Avatar (optional)',
              (props) => (
                <div className="cf-row">
                  {draft.avatar && <Avatar name={draft.name || 'New creator'} src={draft.avatar} size={40} />}
                  <input {...props} className="cf-input" type="file" accept="image/*" onChange={(e) => void wizard.chooseAvatar(e.target.files?.[0])} />
                </div>
              ),
              'Without one, an avatar with the initials is drawn.',
            )}
          </>
        )}
        {step === 1 && (
          <>
            {choice('objective', 'Objective', CAMPAIGN_OBJECTIVES, 'Choose an objective')}
            {text('value', 'Budget (USD)', 'number', { min: 0, step: 1, inputMode: 'decimal' })}
            <div className="cf-wizard-pair">
              {text('startDate', 'Start Date', 'date')}
              {text('dueDate', 'Due Date', 'date')}
            </div>
            {choice('assignedTo', 'Assigned To', wizard.members, wizard.members.includes(draft.assignedTo) ? undefined : 'Choose a team member')}
          </>
        )}
        {step === 2 && (
          <>
            {choice('contentType', 'Content Type', CONTENT_TYPES, 'Choose a content type')}
            <div className="cf-wizard-pair">
              {text('count', 'Count', 'number', { min: 1, step: 1, inputMode: 'numeric' })}
              {text('deliverableDueDate', 'Deliverables Due', 'date')}
            </div>
            {field('notes', 'Notes', (props) => (
              <textarea {...props} className="cf-textarea" value={draft.notes} onChange={(e) => wizard.update({ notes: e.target.value })} />
            ))}
          </>
        )}
      </fieldset>
    </Dialog>
  );
}
