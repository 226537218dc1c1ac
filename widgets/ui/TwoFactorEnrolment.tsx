// Turning two-factor sign-in on: the key as a QR code and as text, a first code that confirms it,
// then the ten recovery codes, shown this once. Used by the profile and by the page a member is
// sent to when their workspace requires it; each passes the calls and its translator.
import { useId, useState, type FormEvent } from 'react';
import type { Translator } from '../../lib/i18n';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import type { SecurityApi } from '../../lib/sync/security-api';
import type { TwoFactorEnrolment as Enrolment } from '../../lib/domain/two-factor';
import { Button } from './Button';

export interface TwoFactorEnrolmentProps {
  /** The team server's calls that start and confirm enrolment. */
  api: Pick<SecurityApi, 'startTwoFactor' | 'confirmTwoFactor'>;
  /** The translator of the page it is on. */
  i18n: Translator;
  /** Called once the member has seen their recovery codes and said they saved them. */
  onDone(): void;
  /** Called when the member leaves enrolment before confirming. Absent: no Cancel (a required enrolment). */
  onCancel?(): void;
}

type Step = { kind: 'start' } | { kind: 'scan'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

export function TwoFactorEnrolment({ api, i18n, onDone, onCancel }: TwoFactorEnrolmentProps) {
  const { t } = i18n;
  const id = useId();
  const [step, setStep] = useState<Step>({ kind: 'start' });
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start() {
    setBusy(true);
    setError(null);
    const answer = await api.startTwoFactor();
    setBusy(false);
    if (!answer.ok) return setError(serverErrorIn(i18n, answer));
    setStep({ kind: 'scan', enrolment: answer });
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const answer = await api.confirmTwoFactor(code);
    setBusy(false);
    if (!answer.ok) return setError(serverErrorIn(i18n, answer));
    setCode('');
    setStep({ kind: 'codes', codes: answer.recoveryCodes });
  }

  const alert = (
    <p id={`${id}-error`} role="alert" className="cf-error">
      {error ?? ''}
    </p>
  );

  if (step.kind === 'start')
    return (
      <div className="cf-stack">
        {alert}
        <div>
          <Button variant="primary" onClick={() => void start()} disabled={busy}>
            {t('security.twoFactor.turnOn')}
          </Button>
        </div>
      </div>
    );

  if (step.kind === 'scan')
    return (
      <form className="cf-stack" onSubmit={(event) => void confirm(event)} noValidate>
        <p>{t('security.twoFactor.scan')}</p>
        <img src={step.enrolment.qrDataUrl} alt={t('security.twoFactor.qrAlt')} width={200} height={200} />
        <p>
          {t('security.twoFactor.manualKey')} <code data-testid="totp-key">{step.enrolment.secret}</code>
        </p>
        <div className="cf-field">
          <label htmlFor={`${id}-code`}>{t('security.twoFactor.code')}</label>
          <input
            id={`${id}-code`}
            className="cf-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        {alert}
        <div className="cf-row">
          <Button type="submit" variant="primary" disabled={busy}>
            {t('security.twoFactor.confirm')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('security.twoFactor.cancel')}</Button>}
        </div>
      </form>
    );

  return <RecoveryCodes codes={step.codes} i18n={i18n} onDone={onDone} />;
}

/** Recovery codes, shown once: a list to copy, and the member's word that they kept them. */
export function RecoveryCodes({ codes, i18n, onDone }: { codes: string[]; i18n: Translator; onDone(): void }) {
  const { t } = i18n;
  const id = useId();
  return (
    <section className="cf-stack" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('security.twoFactor.codesTitle')}</h3>
      <p>{t('security.twoFactor.codesHint')}</p>
      <ul aria-labelledby={`${id}-title`} className="cf-recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div>
        <Button variant="primary" onClick={onDone}>
          {t('security.twoFactor.codesDone')}
        </Button>
      </div>
    </section>
  );
}
