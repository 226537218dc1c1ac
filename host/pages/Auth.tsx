// The team server's public pages: sign in, a forgotten password, accept an invitation, and the
// owner's first setup.
// They stand outside the app's shell (no workspace is loaded before sign-in) and talk to the
// server with same-origin JSON requests; the session itself is an HttpOnly cookie this code
// never sees.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../widgets/ui/Button';
import { useBrowserT } from '../../widgets/ui/language';
import type { ServerErrorBody } from '../../lib/domain/server-errors';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { roleIn } from '../../lib/i18n/roles';
import { forgetOwedSignOut, payOwedSignOut } from '../../lib/sync/owed-sign-out';
import { createTransport, serverOrigin } from '../../lib/sync/transport';
import type { MessageKey } from '../../lib/i18n';
import { baseStyles } from '../../widgets/ui/styles';
import { useAdoptStyles } from '../../widgets/ui/useAdoptStyles';
import { TwoFactorEnrolment } from '../../widgets/ui/TwoFactorEnrolment';
import { createSecurityApi } from '../../lib/sync/security-api';

const authStyles = `
html, body { margin: 0; background: var(--cf-color-bg, #f6f7fb); }
.cf-auth { min-height: 100vh; display: grid; place-items: center; padding: 24px; background: var(--cf-color-bg); }
.cf-auth .cf-card { width: 100%; max-width: 420px; }
.cf-auth form { display: flex; flex-direction: column; gap: 14px; }
.cf-auth .cf-input { width: 100%; }
.cf-auth-brand { font-weight: 700; font-size: 1.1rem; color: var(--cf-color-primary); margin: 0; }
.cf-auth-hint { color: var(--cf-color-muted); font-size: 0.85rem; margin: 0; }
.cf-auth-footer { font-size: 0.85rem; margin: 0; }
`;

/** The server marks its host page; without it this app runs on a workspace kept in the browser. */
export function hasTeamServer(): boolean {
  return typeof document !== 'undefined' && document.querySelector('meta[name="cf-server"]')?.getAttribute('content') === '1';
}

/** Where to go after signing in: a path of this site only (never `//other.site`). */
export function safeNext(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

interface Answer<T> {
  ok: boolean;
  status: number;
  data: T & Partial<ServerErrorBody>;
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer<T>> {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = {} as Answer<T>['data'];
  try {
    data = (await response.json()) as Answer<T>['data'];
  } catch {
    // Not JSON: the status says enough.
  }
  return { ok: response.ok, status: response.status, data };
}

function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const { t } = useBrowserT();
  useAdoptStyles(ref, baseStyles, authStyles);
  const documentTitle = t('pages.auth.documentTitle', { title });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    <main ref={ref} id="cf-main" className="cf-root cf-auth">
      <div className="cf-card cf-stack">
        <p className="cf-auth-brand">Creatorflow</p>
        <h1>{title}</h1>
        {children}
        <p className="cf-auth-footer cf-muted">
          <a href="/terms">{t('pages.auth.terms')}</a> · <a href="/privacy">{t('pages.auth.privacy')}</a>
        </p>
      </div>
    </main>
  );
}

function Field(props: {
  label: string;
  type?: string;
  value: string;
  onChange(value: string): void;
  autoComplete?: string;
  hint?: string;
  invalid?: boolean;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="cf-field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        className="cf-input"
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint && (
        <p id={`${id}-hint`} className="cf-auth-hint">
          {props.hint}
        </p>
      )}
    </div>
  );
}

/** The end of a form: the server's or the check's refusal, then the one button. */
function SubmitRow({ error, busy, label }: { error: string | null; busy: boolean; label: string }) {
  return (
    <>
      <p role="alert" className="cf-error">
        {error ?? ''}
      </p>
      <div>
        <Button type="submit" variant="primary" disabled={busy}>
          {label}
        </Button>
      </div>
    </>
  );
}

/** A new password and its confirmation, checked against each other before anything is sent. */
function NewPasswordFields(props: { label: string; password: string; confirm: string; onPassword(value: string): void; onConfirm(value: string): void; field: string | null }) {
  const { t } = useBrowserT();
  return (
    <>
      <Field label={props.label} type="password" value={props.password} onChange={props.onPassword} autoComplete="new-password" hint={t('pages.auth.passwordHint')} invalid={props.field === 'password'} autoFocus />
      <Field label={t('pages.auth.confirmPassword')} type="password" value={props.confirm} onChange={props.onConfirm} autoComplete="new-password" invalid={props.field === 'confirm'} />
    </>
  );
}

/**
 * A form sent to the server: busy while it goes, the refusal to show and the field it names.
 * `send` posts the body; on success `then` runs and the form stays busy (the page moves on).
 */
function useServerForm() {
  const i18n = useBrowserT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  return {
    busy,
    error,
    field,
    /** The page stays and takes new input (a next step of the same form). */
    done() {
      setBusy(false);
    },
    /** A refusal decided here, before sending (the two passwords differ). */
    refuse(name: string, message: string) {
      setField(name);
      setError(message);
    },
    /** `startsSession`: a sign-in, a setup or an accepted invitation, after which an owed sign-out is no longer due. */
    async send(url: string, body: unknown, then: (answer: Record<string, unknown>) => void, fallback: MessageKey, { startsSession = false } = {}) {
      if (busy) return;
      setBusy(true);
      setError(null);
      try {
        // A sign-out still owed to the server goes first: it must never end the session made here.
        await payOwedSignOut(serverOrigin(), createTransport({}));
        const answer = await call<Record<string, unknown>>('POST', url, body);
        if (answer.ok) {
          if (startsSession) forgetOwedSignOut(serverOrigin());
          return then(answer.data);
        }
        setField(answer.data.field ?? null);
        setError(serverErrorIn(i18n, answer.data) ?? i18n.t(fallback));
      } catch {
        setError(i18n.t('pages.auth.offline'));
      }
      setBusy(false);
    },
  };
}

/**
 * What an emailed link's token stands for, asked of the server once per token: `info` when it
 * holds, else `loadError` (no token, refused, or the server unreachable).
 */
function useLinkInfo<T>(path: string, token: string, { missing, refused }: { missing?: MessageKey; refused: MessageKey }) {
  const server = hasTeamServer();
  const i18n = useBrowserT();
  const [info, setInfo] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!server) return;
    if (!token && missing) {
      // Known on the first render and set once: the page has nothing else to load.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setLoadError(i18n.t(missing));
      return;
    }
    let live = true;
    call<T>('GET', `${path}/${encodeURIComponent(token)}`).then(
      (answer) => {
        if (!live) return;
        if (answer.ok) setInfo(answer.data);
        else setLoadError(serverErrorIn(i18n, answer.data) ?? i18n.t(refused));
      },
      () => live && setLoadError(i18n.t('pages.auth.offline')),
    );
    return () => {
      live = false;
    };
    // The translator changes only when a catalog arrives; the link is checked once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, server]);
  return { server, info, loadError };
}

/** A link's page before its form: refused (with where to go next) or still being checked. */
function LinkState({ title, loadError, checking, links }: { title: string; loadError: string | null; checking: string; links?: ReactNode }) {
  const { t } = useBrowserT();
  if (loadError)
    return (
      <AuthFrame title={title}>
        <p role="alert">{loadError}</p>
        <p>{links ?? <a href="/signin">{t('pages.auth.goToSignIn')}</a>}</p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={title}>
      <p role="status" className="cf-muted">
        {checking}
      </p>
    </AuthFrame>
  );
}

function LocalWorkspaceNote() {
  const { t } = useBrowserT();
  return (
    <AuthFrame title={t('pages.auth.noServer')}>
      <p>{t('pages.auth.noServerBody')}</p>
      <div>
        <Button variant="primary" onClick={() => window.location.assign('/')}>
          {t('pages.auth.openWorkspace')}
        </Button>
      </div>
    </AuthFrame>
  );
}

export function SignIn() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [secondStep, setSecondStep] = useState<string | null>(null);
  const form = useServerForm();
  const { t } = useBrowserT();
  if (!hasTeamServer()) return <LocalWorkspaceNote />;
  // A full load: the app starts with the session's workspace.
  const enter = () => window.location.assign(safeNext(params.get('next')));
  if (secondStep) return <SecondFactor token={secondStep} onSignedIn={enter} onStartOver={() => setSecondStep(null)} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send(
      '/auth/signin',
      { email, password },
      (answer) => {
        // Two-factor on: the right password only opens the second step.
        const second = answer.secondFactor as { token?: unknown } | undefined;
        if (typeof second?.token === 'string') {
          setPassword('');
          form.done();
          setSecondStep(second.token);
        } else enter();
      },
      'pages.auth.wrongCredentials',
      { startsSession: true },
    );
  }

  return (
    <AuthFrame title={t('pages.auth.signIn')}>
      <form onSubmit={submit} noValidate>
        <Field label={t('pages.auth.email')} type="email" value={email} onChange={setEmail} autoComplete="username" invalid={form.field === 'email'} autoFocus />
        <Field label={t('pages.auth.password')} type="password" value={password} onChange={setPassword} autoComplete="current-password" invalid={form.field === 'password'} />
        <SubmitRow error={form.error} busy={form.busy} label={t('pages.auth.signIn')} />
      </form>
      <p className="cf-auth-footer">
        <a href={email.trim() ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : '/forgot-password'}>{t('pages.auth.forgotLink')}</a>
      </p>
      <p className="cf-auth-hint">{t('pages.auth.newToTeam')}</p>
    </AuthFrame>
  );
}

/** The second step with two-factor on: a code from the authenticator app, or a recovery code. */
function SecondFactor({ token, onSignedIn, onStartOver }: { token: string; onSignedIn(): void; onStartOver(): void }) {
  const [code, setCode] = useState('');
  const form = useServerForm();
  const { t } = useBrowserT();
  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send('/auth/signin/second-factor', { token, code }, onSignedIn, 'pages.auth.offline', { startsSession: true });
  }
  return (
    <AuthFrame title={t('pages.auth.secondFactorTitle')}>
      <form onSubmit={submit} noValidate>
        <Field
          label={t('pages.auth.secondFactorCode')}
          value={code}
          onChange={setCode}
          autoComplete="one-time-code"
          hint={t('pages.auth.secondFactorHint')}
          invalid={form.field === 'code'}
          autoFocus
        />
        <SubmitRow error={form.error} busy={form.busy} label={t('pages.auth.verify')} />
      </form>
      <p className="cf-auth-footer">
        <a
          href="/signin"
          onClick={(event) => {
            event.preventDefault();
            onStartOver();
          }}
        >
          {t('pages.auth.backToSignIn')}
        </a>
      </p>
    </AuthFrame>
  );
}

/** Where a member the workspace asks to use two-factor sets it up, before anything of the workspace. */
export function TwoFactorSetup() {
  const [params] = useSearchParams();
  const i18n = useBrowserT();
  const api = useMemo(() => createSecurityApi(createTransport({ credentials: 'same-origin' })), []);
  return (
    <AuthFrame title={i18n.t('pages.auth.enrolTitle')}>
      <p>{i18n.t('pages.auth.enrolBody')}</p>
      <TwoFactorEnrolment api={api} i18n={i18n} onDone={() => window.location.assign(safeNext(params.get('next')))} />
    </AuthFrame>
  );
}

/** "Forgot password?": the same answer whatever the address, so the page never tells who has an account. */
export function ForgotPassword() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sent, setSent] = useState(false);
  const form = useServerForm();
  const { t } = useBrowserT();
  if (!hasTeamServer()) return <LocalWorkspaceNote />;

  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send('/auth/forgot', { email }, () => setSent(true), 'pages.auth.offline');
  }

  if (sent)
    return (
      <AuthFrame title={t('pages.auth.forgotTitle')}>
        <p role="status">{t('pages.auth.forgotSent')}</p>
        <p className="cf-auth-hint">{t('pages.auth.forgotSentHint')}</p>
        <p>
          <a href="/signin">{t('pages.auth.backToSignIn')}</a>
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('pages.auth.forgotTitle')}>
      <p>{t('pages.auth.forgotBody')}</p>
      <form onSubmit={submit} noValidate>
        <Field label={t('pages.auth.email')} type="email" value={email} onChange={setEmail} autoComplete="username" invalid={Boolean(form.error)} autoFocus />
        <SubmitRow error={form.error} busy={form.busy} label={t('pages.auth.sendLink')} />
      </form>
      <p className="cf-auth-footer">
        <a href="/signin">{t('pages.auth.backToSignIn')}</a>
      </p>
    </AuthFrame>
  );
}

/** The emailed (or printed) link's page: a new password under the usual rules, then sign in again everywhere. */
export function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useLinkInfo<{ email: string }>('/auth/reset', token, { missing: 'pages.auth.resetNeedsLink', refused: 'pages.auth.resetFailed' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [done, setDone] = useState(false);
  const form = useServerForm();
  const i18n = useBrowserT();
  const { t } = i18n;
  if (!link.server) return <LocalWorkspaceNote />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return form.refuse('confirm', t('pages.auth.passwordsMismatch'));
    void form.send('/auth/reset', { token, password }, () => setDone(true), 'pages.auth.resetFailed');
  }

  if (done)
    return (
      <AuthFrame title={t('pages.auth.resetTitle')}>
        <p role="status">{t('pages.auth.resetDone')}</p>
        <p>
          <a href="/signin">{t('pages.auth.goToSignIn')}</a>
        </p>
      </AuthFrame>
    );
  if (!link.info)
    return (
      <LinkState
        title={t('pages.auth.resetTitle')}
        loadError={link.loadError}
        checking={t('pages.auth.checkingReset')}
        links={
          <>
            <a href="/forgot-password">{t('pages.auth.askNewLink')}</a> · <a href="/signin">{t('pages.auth.goToSignIn')}</a>
          </>
        }
      />
    );
  return (
    <AuthFrame title={t('pages.auth.resetTitle')}>
      <p>{t('pages.auth.resetFor', { email: link.info.email })}</p>
      <form onSubmit={submit} noValidate>
        <NewPasswordFields label={t('pages.auth.newPassword')} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} field={form.field} />
        <SubmitRow error={form.error} busy={form.busy} label={t('pages.auth.resetSave')} />
      </form>
    </AuthFrame>
  );
}

interface InvitationInfo {
  email: string;
  role: string;
  workspaceName: string;
}

export function AcceptInvitation() {
  const { token = '' } = useParams();
  const link = useLinkInfo<InvitationInfo>('/invitations', token, { refused: 'pages.auth.invitationInvalid' });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const form = useServerForm();
  const i18n = useBrowserT();
  const { t } = i18n;
  if (!link.server) return <LocalWorkspaceNote />;

  function submit(event: FormEvent) {
    event.preventDefault();
    void form.send(`/invitations/${encodeURIComponent(token)}/accept`, { name, password }, () => window.location.assign('/'), 'pages.auth.invitationFailed', { startsSession: true });
  }

  const { info } = link;
  if (!info) return <LinkState title={t('pages.auth.invitation')} loadError={link.loadError} checking={t('pages.auth.checkingInvitation')} />;
  return (
    <AuthFrame title={t('pages.auth.join', { workspace: info.workspaceName })}>
      <p>
        {t('pages.auth.invitedAs')} <strong>{roleIn(i18n, info.role)}</strong> {t('pages.auth.withEmail')} <strong>{info.email}</strong>.
      </p>
      <form onSubmit={submit} noValidate>
        <Field label={t('pages.auth.fullName')} value={name} onChange={setName} autoComplete="name" invalid={form.field === 'name'} autoFocus />
        <Field label={t('pages.auth.password')} type="password" value={password} onChange={setPassword} autoComplete="new-password" hint={t('pages.auth.passwordHint')} invalid={form.field === 'password'} />
        <SubmitRow error={form.error} busy={form.busy} label={t('pages.auth.accept')} />
      </form>
    </AuthFrame>
  );
}

interface SetupInfo {
  email: string;
  name: string;
  workspaceName: string;
}

export function Setup() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useLinkInfo<SetupInfo>('/auth/setup', token, { missing: 'pages.auth.setupNeedsLink', refused: 'pages.auth.setupInvalid' });
  // The address and name the owner was set up with, until they change them.
  const [email, setEmail] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useServerForm();
  const i18n = useBrowserT();
  const { t } = i18n;
  if (!link.server) return <LocalWorkspaceNote />;

  const { info } = link;
  if (!info) return <LinkState title={t('pages.auth.setupTitle')} loadError={link.loadError} checking={t('pages.auth.checkingSetup')} />;
  const shownEmail = email ?? info.email;
  const shownName = name ?? info.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) return form.refuse('confirm', t('pages.auth.passwordsMismatch'));
    void form.send('/auth/setup', { token, password, name: shownName, email: shownEmail }, () => window.location.assign('/'), 'pages.auth.setupFailed', { startsSession: true });
  }

  return (
    <AuthFrame title={t('pages.auth.setupTitle')}>
      <p>
        {t('pages.auth.setupBefore')} <strong>{info.workspaceName}</strong>
        {t('pages.auth.setupAfter')}
      </p>
      <form onSubmit={submit} noValidate>
        <Field label={t('pages.auth.email')} type="email" value={shownEmail} onChange={setEmail} autoComplete="username" invalid={form.field === 'email'} />
        <Field label={t('pages.auth.fullName')} value={shownName} onChange={setName} autoComplete="name" invalid={form.field === 'name'} />
        <NewPasswordFields label={t('pages.auth.password')} password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} field={form.field} />
        <SubmitRow error={form.error} busy={form.busy} label={t('pages.auth.savePassword')} />
      </form>
    </AuthFrame>
  );
}
