import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CAMPAIGN_OBJECTIVES, CONTENT_TYPES, CREATOR_PLATFORMS, NEW_FUNNEL_STEPS, type NewFunnelField } from '../../lib/domain/new-funnel';
import { FUNNEL_CATEGORIES, type FunnelCategory } from '../../lib/domain/types';
import type { MessageKey } from '../../lib/i18n';
import { ENGAGEMENT_TYPE_NAMES } from '../../lib/i18n/engagement';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';
import type { NewFunnelWizardController } from './useNewFunnelWizard';

interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

// The stored values stay English (the store and CSV files use them); the options say them by key.
const STEP_NAMES: readonly MessageKey[] = ['funnelBoard.wizard.step.details', 'funnelBoard.wizard.step.objectives', 'funnelBoard.wizard.step.deliverables'];
const OPTION_NAMES: Record<string, MessageKey> = {
  'Brand awareness': 'funnelBoard.objective.awareness',
  'Product launch': 'funnelBoard.objective.launch',
  Sales: 'funnelBoard.objective.sales',
  Engagement: 'funnelBoard.objective.engagement',
  'Content creation': 'funnelBoard.objective.content',
  ...ENGAGEMENT_TYPE_NAMES,
};

/** New Funnel (spec §1): creator details, campaign objectives, deliverables, one step at a time. */
export function NewFunnelWizard({ wizard }: { wizard: NewFunnelWizardController }) {
  const { step, draft, errors } = wizard;
  const id = useId();
  const bodyRef = useRef<HTMLFieldSetElement>(null);
  const last = step === NEW_FUNNEL_STEPS.length - 1;
  const { t, say } = useT();
  // Platform names are brands: they read the same in every language.
  const optionName = (value: string) => (OPTION_NAMES[value] ? t(OPTION_NAMES[value]) : value);

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
            {say(error)}
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
            {optionName(o)}
          </option>
        ))}
      </select>
    ));

  return (
    <Dialog
      open={wizard.open}
      onOpenChange={(open) => !open && wizard.close()}
      title={t('funnelBoard.wizard.title')}
      className="cf-wizard"
      onSubmit={() => {
        // Focus goes to the first field with a problem, so it is read out and can be fixed.
        if (!wizard.next()) queueMicrotask(() => bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      }}
      footer={
        <>
          {step === 0 ? <Button onClick={wizard.close}>{t('common.cancel')}</Button> : <Button onClick={wizard.back}>{t('funnelBoard.wizard.back')}</Button>}
          <Button type="submit" variant="primary">
            {t(last ? 'funnelBoard.wizard.create' : 'funnelBoard.wizard.next')}
          </Button>
        </>
      }
    >
      <ol className="cf-wizard-steps" aria-label={t('funnelBoard.wizard.steps')}>
        {NEW_FUNNEL_STEPS.map((label, index) => (
          <li key={label} aria-current={index === step ? 'step' : undefined} data-state={index < step ? 'done' : index === step ? 'current' : 'todo'}>
            {t(STEP_NAMES[index])}
          </li>
        ))}
      </ol>
      <fieldset ref={bodyRef} className="cf-wizard-body">
        <legend>
          {t('funnelBoard.wizard.stepOf', { step: step + 1, total: NEW_FUNNEL_STEPS.length, name: t(STEP_NAMES[step]) })}
        </legend>
        {step === 0 && (
          <>
            {text('name', t('funnelBoard.wizard.name'), 'text', { autoComplete: 'off' })}
            {text('handle', t('funnelBoard.wizard.handle'), 'text', { placeholder: t('funnelBoard.wizard.handlePlaceholder'), autoComplete: 'off' })}
            {text('email', t('funnelBoard.wizard.email'), 'email', { autoComplete: 'off' })}
            {choice('platform', t('funnelBoard.wizard.platform'), CREATOR_PLATFORMS)}
            <div className="cf-wizard-pair">
              {text('followers', t('funnelBoard.wizard.followers'), 'number', { min: 0, step: 1, inputMode: 'numeric' })}
              {text('engagementRate', t('funnelBoard.wizard.engagementRate'), 'number', { min: 0, max: 100, step: 0.1, inputMode: 'decimal' })}
            </div>
            {field('category', t('funnelBoard.wizard.category'), (props) => (
              <select {...props} className="cf-select" value={draft.category} onChange={(e) => wizard.update({ category: e.target.value as FunnelCategory })}>
                {FUNNEL_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`funnelBoard.category.${c}`)}
                  </option>
                ))}
              </select>
            ))}
            {field(
              'avatar',
              t('funnelBoard.wizard.avatar'),
              (props) => (
                <div className="cf-row">
                  {draft.avatar && <Avatar name={draft.name || t('funnelBoard.wizard.newCreator')} src={draft.avatar} size={40} />}
                  <input {...props} className="cf-input" type="file" accept="image/*" onChange={(e) => void wizard.chooseAvatar(e.target.files?.[0])} />
                </div>
              ),
              t('funnelBoard.wizard.avatarHint'),
            )}
          </>
        )}
        {step === 1 && (
          <>
            {choice('objective', t('funnelBoard.wizard.objective'), CAMPAIGN_OBJECTIVES, t('domain.funnels.chooseObjective'))}
            {text('value', t('funnelBoard.wizard.value'), 'number', { min: 0, step: 1, inputMode: 'decimal' })}
            <div className="cf-wizard-pair">
              {text('startDate', t('funnelBoard.wizard.startDate'), 'date')}
              {text('dueDate', t('funnelBoard.wizard.dueDate'), 'date')}
            </div>
            {choice('assignedTo', t('funnelBoard.wizard.assignedTo'), wizard.members, wizard.members.includes(draft.assignedTo) ? undefined : t('domain.funnels.chooseMember'))}
          </>
        )}
        {step === 2 && (
          <>
            {choice('contentType', t('funnelBoard.wizard.contentType'), CONTENT_TYPES, t('domain.funnels.chooseContentType'))}
            <div className="cf-wizard-pair">
              {text('count', t('funnelBoard.wizard.count'), 'number', { min: 1, step: 1, inputMode: 'numeric' })}
              {text('deliverableDueDate', t('funnelBoard.wizard.deliverableDueDate'), 'date')}
            </div>
            {field('notes', t('funnelBoard.wizard.notes'), (props) => (
              <textarea {...props} className="cf-textarea" value={draft.notes} onChange={(e) => wizard.update({ notes: e.target.value })} />
            ))}
          </>
        )}
      </fieldset>
    </Dialog>
  );
}
