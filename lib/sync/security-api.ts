// The team server's calls for a member's own sign-in security: two-factor sign-in (enrolment,
// recovery codes, turning it off), their sessions, and for Admins the workspace's requirement and
// the security log. Never queued or cached: each is the server's answer or its refusal.
import type { ServerRefusal } from '../domain/server-errors';
import type { SecurityEvent, SessionView, TwoFactorEnrolment, TwoFactorPolicy, TwoFactorStatus } from '../domain/two-factor';
import { refusedBy, SyncError, type Request } from './transport';

type Answer<T> = ({ ok: true } & T) | (ServerRefusal & { field?: string });

export interface SecurityApi {
  twoFactor(): Promise<Answer<TwoFactorStatus>>;
  /** A new key for the authenticator app; two-factor is on only once `confirm` takes a code from it. */
  startTwoFactor(): Promise<Answer<TwoFactorEnrolment>>;
  /** Turns two-factor on with a first code; the ten recovery codes come back once. */
  confirmTwoFactor(code: string): Promise<Answer<{ recoveryCodes: string[] }>>;
  /** Ten new recovery codes (the old ones end); needs the current password. */
  renewRecoveryCodes(password: string): Promise<Answer<{ recoveryCodes: string[] }>>;
  turnOffTwoFactor(password: string): Promise<Answer<object>>;
  /** Who must sign in with two-factor (Admins only). */
  setTwoFactorPolicy(policy: TwoFactorPolicy): Promise<Answer<{ requireTwoFactor: TwoFactorPolicy }>>;
  sessions(): Promise<Answer<{ sessions: SessionView[] }>>;
  endSession(id: string): Promise<Answer<{ ended: number }>>;
  endOtherSessions(): Promise<Answer<{ ended: number }>>;
  /** Sign-ins, failures, two-factor, session and key changes (Admins only). */
  securityLog(): Promise<Answer<{ events: SecurityEvent[] }>>;
}

export function createSecurityApi(request: Request): SecurityApi {
  async function call<T>(path: string, init?: { method: string; body?: unknown }): Promise<Answer<T>> {
    try {
      const answer = await request<T>(path, init ? { method: init.method, body: JSON.stringify(init.body ?? {}) } : undefined);
      return { ok: true, ...answer };
    } catch (error) {
      const field = error instanceof SyncError ? error.field : undefined;
      return { ...refusedBy(error), ...(field ? { field } : {}) };
    }
  }
  return {
    twoFactor: () => call<TwoFactorStatus>('/auth/two-factor'),
    startTwoFactor: () => call<TwoFactorEnrolment>('/auth/two-factor/setup', { method: 'POST' }),
    confirmTwoFactor: (code) => call<{ recoveryCodes: string[] }>('/auth/two-factor/confirm', { method: 'POST', body: { code } }),
    renewRecoveryCodes: (password) => call<{ recoveryCodes: string[] }>('/auth/two-factor/recovery-codes', { method: 'POST', body: { password } }),
    turnOffTwoFactor: (password) => call<object>('/auth/two-factor/disable', { method: 'POST', body: { password } }),
    setTwoFactorPolicy: (requireTwoFactor) => call<{ requireTwoFactor: TwoFactorPolicy }>('/auth/two-factor/policy', { method: 'PUT', body: { requireTwoFactor } }),
    sessions: () => call<{ sessions: SessionView[] }>('/auth/sessions'),
    endSession: (id) => call<{ ended: number }>(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    endOtherSessions: () => call<{ ended: number }>('/auth/sessions/end-others', { method: 'POST' }),
    securityLog: () => call<{ events: SecurityEvent[] }>('/auth/security-log'),
  };
}
