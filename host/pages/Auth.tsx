// The team server's public pages: sign in, a forgotten password, accept an invitation, and the
// owner's first setup.
// They stand outside the app's shell (no workspace is loaded before sign-in) and talk to the
// server with same-origin JSON requests; the session itself is an HttpOnly cookie this code
// never sees.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../widgets/ui/Button';
import { useBrowserT } from '../../widgets/ui/language';
import type { ServerErrorBody } from '../../lib/domain/server-errors';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { baseStyles } from '../../widgets/ui/styles';
import { useAdoptStyles } from '../../widgets/ui/useAdoptStyles';

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

function ErrorText({ error }: { error: string | null }) {
  return (
    <p role="alert" className="cf-error">
      {error ?? ''}
    </p>
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
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const i18n = useBrowserT();
  const { t } = i18n;
  if (!hasTeamServer()) return <LocalWorkspaceNote />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call('POST', '/auth/signin', { email, password });
      if (answer.ok) {
        // A full load: the app starts with the session's workspace.
        window.location.assign(safeNext(params.get('next')));
        return;
      }
      setField(answer.data.field ?? null);
      setError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.wrongCredentials'));
    } catch {
      setError(t('pages.auth.offline'));
    }
    setBusy(false);
  }

  return (
    <AuthFrame title={t('pages.auth.signIn')}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('pages.auth.email')} type="email" value={email} onChange={setEmail} autoComplete="username" invalid={field === 'email'} autoFocus />
        <Field label={t('pages.auth.password')} type="password" value={password} onChange={setPassword} autoComplete="current-password" invalid={field === 'password'} />
        <ErrorText error={error} />
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('pages.auth.signIn')}
          </Button>
        </div>
      </form>
      <p className="cf-auth-footer">
        <a href={email.trim() ? `/forgot-password?email=${encodeURIComponent(email.trim())}` : '/forgot-password'}>{t('pages.auth.forgotLink')}</a>
      </p>
      <p className="cf-auth-hint">{t('pages.auth.newToTeam')}</p>
    </AuthFrame>
  );
}

/** "Forgot password?": the same answer whatever the address, so the page never tells who has an account. */
export function ForgotPassword() {
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const i18n = useBrowserT();
  const { t } = i18n;
  if (!hasTeamServer()) return <LocalWorkspaceNote />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call('POST', '/auth/forgot', { email });
      if (answer.ok) {
        setSent(true);
        return;
      }
      setError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.offline'));
    } catch {
      setError(t('pages.auth.offline'));
    } finally {
      setBusy(false);
    }
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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('pages.auth.email')} type="email" value={email} onChange={setEmail} autoComplete="username" invalid={Boolean(error)} autoFocus />
        <ErrorText error={error} />
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('pages.auth.sendLink')}
          </Button>
        </div>
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
  const [email, setEmail] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const server = hasTeamServer();
  const i18n = useBrowserT();
  const { t } = i18n;

  useEffect(() => {
    if (!server) return;
    if (!token) {
      // Known on the first render and set once: the page has nothing else to load.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setLoadError(t('pages.auth.resetNeedsLink'));
      return;
    }
    let live = true;
    call<{ email: string }>('GET', `/auth/reset/${encodeURIComponent(token)}`).then(
      (answer) => {
        if (!live) return;
        if (answer.ok) setEmail(answer.data.email);
        else setLoadError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.resetFailed'));
      },
      () => live && setLoadError(t('pages.auth.offline')),
    );
    return () => {
      live = false;
    };
    // The translator changes only when a catalog arrives; the link is checked once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, server]);

  if (!server) return <LocalWorkspaceNote />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) {
      setField('confirm');
      setError(t('pages.auth.passwordsMismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call('POST', '/auth/reset', { token, password });
      if (answer.ok) {
        setDone(true);
        return;
      }
      setField(answer.data.field ?? null);
      setError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.resetFailed'));
    } catch {
      setError(t('pages.auth.offline'));
    } finally {
      setBusy(false);
    }
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
  if (loadError)
    return (
      <AuthFrame title={t('pages.auth.resetTitle')}>
        <p role="alert">{loadError}</p>
        <p>
          <a href="/forgot-password">{t('pages.auth.askNewLink')}</a> · <a href="/signin">{t('pages.auth.goToSignIn')}</a>
        </p>
      </AuthFrame>
    );
  if (email === null)
    return (
      <AuthFrame title={t('pages.auth.resetTitle')}>
        <p role="status" className="cf-muted">
          {t('pages.auth.checkingReset')}
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('pages.auth.resetTitle')}>
      <p>{t('pages.auth.resetFor', { email })}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('pages.auth.newPassword')} type="password" value={password} onChange={setPassword} autoComplete="new-password" hint={t('pages.auth.passwordHint')} invalid={field === 'password'} autoFocus />
        <Field label={t('pages.auth.confirmPassword')} type="password" value={confirm} onChange={setConfirm} autoComplete="new-password" invalid={field === 'confirm'} />
        <ErrorText error={error} />
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('pages.auth.resetSave')}
          </Button>
        </div>
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
  const [info, setInfo] = useState<InvitationInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const server = hasTeamServer();
  const i18n = useBrowserT();
  const { t } = i18n;

  useEffect(() => {
    if (!server) return;
    let live = true;
    call<InvitationInfo>('GET', `/invitations/${encodeURIComponent(token)}`).then(
      (answer) => {
        if (!live) return;
        if (answer.ok) setInfo(answer.data);
        else setLoadError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.invitationInvalid'));
      },
      () => live && setLoadError(t('pages.auth.offline')),
    );
    return () => {
      live = false;
    };
    // The translator changes only when a catalog arrives; the invitation is asked for once per token.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, server]);

  if (!server) return <LocalWorkspaceNote />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await call('POST', `/invitations/${encodeURIComponent(token)}/accept`, { name, password });
      if (answer.ok) {
        window.location.assign('/');
        return;
      }
      setField(answer.data.field ?? null);
      setError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.invitationFailed'));
    } catch {
      setError(t('pages.auth.offline'));
    }
    setBusy(false);
  }

  if (loadError)
    return (
      <AuthFrame title={t('pages.auth.invitation')}>
        <p role="alert">{loadError}</p>
        <p>
          <a href="/signin">{t('pages.auth.goToSignIn')}</a>
        </p>
      </AuthFrame>
    );
  if (!info)
    return (
      <AuthFrame title={t('pages.auth.invitation')}>
        <p role="status" className="cf-muted">
          {t('pages.auth.checkingInvitation')}
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('pages.auth.join', { workspace: info.workspaceName })}>
      <p>
        {t('pages.auth.invitedAs')} <strong>{info.role}</strong> {t('pages.auth.withEmail')} <strong>{info.email}</strong>.
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('pages.auth.fullName')} value={name} onChange={setName} autoComplete="name" invalid={field === 'name'} autoFocus />
        <Field label={t('pages.auth.password')} type="password" value={password} onChange={setPassword} autoComplete="new-password" hint={t('pages.auth.passwordHint')} invalid={field === 'password'} />
        <ErrorText error={error} />
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('pages.auth.accept')}
          </Button>
        </div>
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
  const [info, setInfo] = useState<SetupInfo | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const server = hasTeamServer();
  const i18n = useBrowserT();
  const { t } = i18n;

  useEffect(() => {
    if (!server) return;
    if (!token) {
      // Known on the first render and set once: the page has nothing else to load.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setLoadError(t('pages.auth.setupNeedsLink'));
      return;
    }
    let live = true;
    call<SetupInfo>('GET', `/auth/setup/${encodeURIComponent(token)}`).then(
      (answer) => {
        if (!live) return;
        if (!answer.ok) return setLoadError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.setupInvalid'));
        setInfo(answer.data);
        setEmail(answer.data.email);
        setName(answer.data.name);
      },
      () => live && setLoadError(t('pages.auth.offline')),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, server]);

  if (!server) return <LocalWorkspaceNote />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (password !== confirm) {
      setField('confirm');
      setError(t('pages.auth.passwordsMismatch'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call('POST', '/auth/setup', { token, password, name, email });
      if (answer.ok) {
        window.location.assign('/');
        return;
      }
      setField(answer.data.field ?? null);
      setError(serverErrorIn(i18n, answer.data) ?? t('pages.auth.setupFailed'));
    } catch {
      setError(t('pages.auth.offline'));
    }
    setBusy(false);
  }

  if (loadError)
    return (
      <AuthFrame title={t('pages.auth.setupTitle')}>
        <p role="alert">{loadError}</p>
        <p>
          <a href="/signin">{t('pages.auth.goToSignIn')}</a>
        </p>
      </AuthFrame>
    );
  if (!info)
    return (
      <AuthFrame title={t('pages.auth.setupTitle')}>
        <p role="status" className="cf-muted">
          {t('pages.auth.checkingSetup')}
        </p>
      </AuthFrame>
    );
  return (
    <AuthFrame title={t('pages.auth.setupTitle')}>
      <p>
        {t('pages.auth.setupBefore')} <strong>{info.workspaceName}</strong>
        {t('pages.auth.setupAfter')}
      </p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('pages.auth.email')} type="email" value={email} onChange={setEmail} autoComplete="username" invalid={field === 'email'} />
        <Field label={t('pages.auth.fullName')} value={name} onChange={setName} autoComplete="name" invalid={field === 'name'} />
        <Field label={t('pages.auth.password')} type="password" value={password} onChange={setPassword} autoComplete="new-password" hint={t('pages.auth.passwordHint')} invalid={field === 'password'} autoFocus />
        <Field label={t('pages.auth.confirmPassword')} type="password" value={confirm} onChange={setConfirm} autoComplete="new-password" invalid={field === 'confirm'} />
        <ErrorText error={error} />
        <div>
          <Button type="submit" variant="primary" disabled={busy}>
            {t('pages.auth.savePassword')}
          </Button>
        </div>
      </form>
    </AuthFrame>
  );
}
