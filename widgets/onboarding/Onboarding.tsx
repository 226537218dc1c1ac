import { useEffect, useRef } from 'react';
import { AUTOMATION_TOGGLES, ONBOARDING_MARKETPLACES, ONBOARDING_STEP_TEXTS } from '../../lib/domain/onboarding';
import { ONBOARDING_STEPS } from '../../lib/domain/constants';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { Screen } from '../ui/Screen';
import { AutomationIcon, CheckIcon, StoreIcon, TeamIcon } from './icons';
import { onboardingStyles } from './styles';
import { useOnboardingController, type OnboardingControllerOptions } from './useOnboardingController';

export type OnboardingProps = OnboardingControllerOptions;

const STEP_ICONS = [StoreIcon, AutomationIcon, TeamIcon];

/** The onboarding wizard (spec §2 "Onboarding wizard"). */
export function Onboarding(props: OnboardingProps) {
  return (
    <Screen name="Onboarding" styles={onboardingStyles} part="root">
      <OnboardingView {...props} />
    </Screen>
  );
}

type Controller = ReturnType<typeof useOnboardingController>;

function OnboardingView(options: OnboardingProps) {
  const wizard = useOnboardingController(options);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // Moving between steps puts focus on the new step's heading, so keyboard users keep their place.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [wizard.step]);

  const texts = ONBOARDING_STEP_TEXTS[wizard.step];
  const { t } = useT();
  return (
    <div className="cf-stack cf-onboarding">
      <h1>{t('onboarding.title')}</h1>
      <div
        className="cf-progress"
        role="progressbar"
        aria-label={t('onboarding.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={wizard.progress}
        aria-valuetext={t('onboarding.stepOf', { step: wizard.step + 1, count: ONBOARDING_STEPS })}
        part="progress"
      >
        <div className="cf-progress-fill" style={{ width: `${wizard.progress}%` }} />
      </div>
      <ol className="cf-steps" aria-label={t('onboarding.steps')}>
        {ONBOARDING_STEP_TEXTS.map((step, index) => {
          const Icon = index < wizard.step ? CheckIcon : STEP_ICONS[index];
          const state = index < wizard.step ? 'complete' : index === wizard.step ? 'current' : 'upcoming';
          return (
            <li key={step.id} className="cf-step" data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="cf-step-icon">
                <Icon />
              </span>
              <span>
                {t(`onboarding.step.${step.id}.title`)}
                {state === 'complete' && <span className="cf-visually-hidden"> {t('onboarding.done')}</span>}
              </span>
            </li>
          );
        })}
      </ol>
      <section className="cf-card cf-stack cf-onboarding-panel" aria-labelledby="cf-onboarding-step-title" part="step">
        <div>
          <h2 id="cf-onboarding-step-title" ref={headingRef} tabIndex={-1}>
            {t(`onboarding.step.${texts.id}.title`)}
          </h2>
          <p className="cf-muted">{t(`onboarding.step.${texts.id}.description`)}</p>
        </div>
        {wizard.step === 0 && <StoresStep wizard={wizard} />}
        {wizard.step === 1 && <AutomationStep wizard={wizard} />}
        {wizard.step === 2 && <TeamStep wizard={wizard} />}
        <div className="cf-onboarding-footer">
          {wizard.isFirst ? <span /> : <Button onClick={wizard.back}>{t('onboarding.back')}</Button>}
          <Button variant="primary" onClick={wizard.next}>
            {wizard.isLast ? t('onboarding.finish') : t('onboarding.next')}
          </Button>
        </div>
      </section>
    </div>
  );
}

function StoresStep({ wizard }: { wizard: Controller }) {
  const { t } = useT();
  return (
    <ul className="cf-market-list">
      {ONBOARDING_MARKETPLACES.map(({ integrationId, provider }) => {
        const connected = wizard.integrationStatus(integrationId) === 'connected';
        const busy = wizard.isConnecting(integrationId);
        return (
          <li key={integrationId} className="cf-market">
            <div>
              <strong>{provider}</strong>
              <p className="cf-muted">{wizard.integrationDescription(integrationId)}</p>
            </div>
            {connected ? (
              <Badge color="green">{t('onboarding.connected')}</Badge>
            ) : (
              <Button
                aria-label={t('onboarding.connectLabel', { name: provider })}
                disabledReason={wizard.connectBlocked}
                disabled={busy}
                aria-busy={busy || undefined}
                onClick={() => wizard.connect(integrationId, provider)}
              >
                {busy ? t('onboarding.connecting') : t('onboarding.connect')}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function AutomationStep({ wizard }: { wizard: Controller }) {
  const { t } = useT();
  return (
    <ul className="cf-toggle-list">
      {AUTOMATION_TOGGLES.map((toggle) => {
        const id = `cf-automation-${toggle.key}`;
        return (
          <li key={toggle.key} className="cf-toggle">
            <div>
              <label htmlFor={id}>
                <strong>{t(`onboarding.toggle.${toggle.key}.label`)}</strong>
              </label>
              <p className="cf-muted" id={`${id}-description`}>
                {t(`onboarding.toggle.${toggle.key}.description`)}
              </p>
            </div>
            <input
              id={id}
              type="checkbox"
              role="switch"
              className="cf-switch"
              checked={wizard.flags[toggle.key]}
              disabled={Boolean(wizard.connectBlocked)}
              title={wizard.connectBlocked ?? undefined}
              aria-describedby={`${id}-description`}
              onChange={() => wizard.toggle(toggle.key)}
            />
          </li>
        );
      })}
    </ul>
  );
}

function TeamStep({ wizard }: { wizard: Controller }) {
  const { t, say } = useT();
  return (
    <div className="cf-stack">
      <ul className="cf-invite-list">
        {wizard.invites.map((email, index) => {
          const id = `cf-invite-${index}`;
          const error = wizard.inviteErrors[index];
          return (
            <li key={index} className="cf-invite">
              <div className="cf-field">
                <label htmlFor={id}>{t('onboarding.email', { number: index + 1 })}</label>
                <input
                  id={id}
                  className="cf-input"
                  type="email"
                  autoComplete="off"
                  placeholder={t('onboarding.emailPlaceholder')}
                  value={email}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => wizard.setInvite(index, event.target.value)}
                />
                {error && (
                  <p className="cf-error" id={`${id}-error`} role="alert">
                    {say(error)}
                  </p>
                )}
              </div>
              <Button variant="ghost" className="cf-icon-button" aria-label={t('onboarding.removeEmail', { number: index + 1 })} onClick={() => wizard.removeInvite(index)}>
                ✕
              </Button>
            </li>
          );
        })}
      </ul>
      <div>
        <Button onClick={wizard.addInvite}>{t('onboarding.addEmail')}</Button>
      </div>
    </div>
  );
}
