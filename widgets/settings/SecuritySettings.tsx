// The member's sign-in security on a team server: two-factor sign-in (on, off, new recovery codes)
// and their sessions (device, address range, last seen; end one or all others). For Admins, who
// must use two-factor. Nothing here without a team server: a browser-only workspace has no sign-in.
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useState } from 'react';
import { TWO_FACTOR_POLICIES, type SessionView, type TwoFactorPolicy, type TwoFactorStatus } from '../../lib/domain/two-factor';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import type { SecurityApi } from '../../lib/sync/security-api';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { Select } from '../ui/Select';
import { useStore } from '../ui/store-context';
import { toast } from '../ui/toast';
import { RecoveryCodes, TwoFactorEnrolment } from '../ui/TwoFactorEnrolment';

/** The team server's security calls, or null in a browser-only workspace. */
export function useSecurityApi(): SecurityApi | null {
  return useStore().teamApi?.security ?? null;
}

/** Two-factor sign-in and sessions, under the profile form. */
export function SecuritySettings() {
  const api = useSecurityApi();
  if (!api) return null;
  return (
    <>
      <TwoFactorSection api={api} />
      <SessionsSection api={api} />
    </>
  );
}

function TwoFactorSection({ api }: { api: SecurityApi }) {
  const i18n = useT();
  const { t } = i18n;
  const id = useId();
  const [status, setStatus] = useState<TwoFactorStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A new attempt (after Cancel) starts the enrolment again from its first step.
  const [attempt, setAttempt] = useState(0);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  // Asked again after each change (`asked` moves), so the line says what the server holds.
  const [asked, setAsked] = useState(0);
  const load = () => setAsked((n) => n + 1);
  useEffect(() => {
    let live = true;
    void api.twoFactor().then((answer) => {
      if (!live) return;
      if (answer.ok) setStatus(answer);
      else setError(serverErrorIn(i18n, answer));
    });
    return () => {
      live = false;
    };
  }, [api, i18n, asked]);

  async function withPassword(action: 'off' | 'codes') {
    if (busy) return;
    setBusy(true);
    setError(null);
    if (action === 'codes') {
      const answer = await api.renewRecoveryCodes(password);
      setBusy(false);
      if (!answer.ok) return setError(serverErrorIn(i18n, answer));
      setCodes(answer.recoveryCodes);
    } else {
      const answer = await api.turnOffTwoFactor(password);
      setBusy(false);
      if (!answer.ok) return setError(serverErrorIn(i18n, answer));
      toast.success(t('security.twoFactor.turnedOff'));
    }
    setPassword('');
    load();
  }

  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('security.twoFactor.title')}</h2>
      {!status ? (
        <p role="status">{error ?? t('security.twoFactor.loading')}</p>
      ) : codes ? (
        <RecoveryCodes codes={codes} i18n={i18n} onDone={() => setCodes(null)} />
      ) : (
        <>
          {status.required && <p>{t('security.twoFactor.required')}</p>}
          <p role="status">{status.enabled ? t('security.twoFactor.on', { count: status.recoveryCodesLeft }) : t('security.twoFactor.off')}</p>
          {status.enabled ? (
            <form className="cf-stack" noValidate onSubmit={(event) => event.preventDefault()}>
              <div className="cf-field">
                <label htmlFor={`${id}-password`}>{t('security.twoFactor.password')}</label>
                <input
                  id={`${id}-password`}
                  className="cf-input"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => setPassword(event.target.value)}
                />
              </div>
              <p id={`${id}-error`} role="alert" className="cf-error">
                {error ?? ''}
              </p>
              <div className="cf-row">
                <Button onClick={() => void withPassword('codes')} disabled={busy}>
                  {t('security.twoFactor.newCodes')}
                </Button>
                <Button variant="danger" onClick={() => void withPassword('off')} disabledReason={status.required ? t('security.twoFactor.required') : null} disabled={busy}>
                  {t('security.twoFactor.turnOff')}
                </Button>
              </div>
            </form>
          ) : (
            <TwoFactorEnrolment
              key={attempt}
              api={api}
              i18n={i18n}
              onCancel={() => setAttempt((n) => n + 1)}
              onDone={() => {
                toast.success(t('security.twoFactor.turnedOn'));
                load();
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function SessionsSection({ api }: { api: SecurityApi }) {
  const i18n = useT();
  const { t } = i18n;
  const id = useId();
  const [sessions, setSessions] = useState<SessionView[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(() => new Date());

  const [asked, setAsked] = useState(0);
  const load = () => setAsked((n) => n + 1);
  useEffect(() => {
    let live = true;
    void api.sessions().then((answer) => {
      if (!live) return;
      setNow(new Date());
      if (answer.ok) setSessions(answer.sessions);
      else setError(serverErrorIn(i18n, answer));
    });
    return () => {
      live = false;
    };
  }, [api, i18n, asked]);

  async function end(session: SessionView | 'others') {
    const answer = session === 'others' ? await api.endOtherSessions() : await api.endSession(session.id);
    if (!answer.ok) setError(serverErrorIn(i18n, answer));
    else {
      setError(null);
      toast.success(session === 'others' ? t('security.sessions.othersEnded', { count: answer.ended }) : t('security.sessions.ended'));
    }
    load();
  }

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('security.sessions.title')}</h2>
      <p className="cf-muted">{t('security.sessions.hint')}</p>
      <p role="alert" className="cf-error">
        {error ?? ''}
      </p>
      {sessions && (
        <ul className="cf-stack cf-sessions" aria-labelledby={`${id}-title`}>
          {sessions.map((session) => {
            const device = session.device || t('security.sessions.unknownDevice');
            return (
              <li key={session.id} className="cf-row">
                <span className="cf-stack">
                  <strong>
                    {device}
                    {session.current && <> · {t('security.sessions.thisDevice')}</>}
                  </strong>
                  <span className="cf-muted">
                    {t('security.sessions.details', { place: session.place || '—', time: i18n.formatRelative(session.lastSeenAt, now) })}
                  </span>
                </span>
                {!session.current && (
                  <Button size="small" aria-label={t('security.sessions.endLabel', { device })} onClick={() => void end(session)}>
                    {t('security.sessions.end')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button variant="danger" onClick={() => void end('others')} disabled={others === 0}>
          {t('security.sessions.endOthers')}
        </Button>
      </div>
    </section>
  );
}

/** Who must sign in with two-factor: an Admin's choice for the workspace (Settings > Team Settings). */
export function TwoFactorPolicySection() {
  useSignals();
  const api = useSecurityApi();
  const store = useStore();
  const i18n = useT();
  const { t } = i18n;
  const id = useId();
  const isAdmin = store.session.currentMember.value?.role === 'Admin';
  const [policy, setPolicy] = useState<TwoFactorPolicy | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!api || !isAdmin) return;
    let live = true;
    void api.twoFactor().then((answer) => live && answer.ok && setPolicy(answer.requireTwoFactor));
    return () => {
      live = false;
    };
  }, [api, isAdmin]);
  if (!api || !isAdmin || !policy) return null;

  async function choose(next: TwoFactorPolicy) {
    const before = policy;
    setPolicy(next);
    setError(null);
    const answer = await api!.setTwoFactorPolicy(next);
    if (answer.ok) toast.success(t('security.policy.saved'));
    else {
      // Refused: the choice goes back to what the server holds, with the reason.
      setPolicy(before);
      setError(serverErrorIn(i18n, answer));
    }
  }

  return (
    <section className="cf-card cf-stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('security.policy.title')}</h2>
      <div className="cf-field">
        <label htmlFor={`${id}-policy`}>{t('security.policy.label')}</label>
        <Select
          id={`${id}-policy`}
          className="cf-input"
          options={TWO_FACTOR_POLICIES.map((value) => ({ value, label: t(`security.policy.${value}`) }))}
          value={policy}
          aria-describedby={`${id}-hint`}
          onValueChange={(next) => void choose(next)}
        />
      </div>
      <p id={`${id}-hint`} className="cf-muted">
        {t('security.policy.hint')}
      </p>
      <p role="alert" className="cf-error">
        {error ?? ''}
      </p>
    </section>
  );
}
