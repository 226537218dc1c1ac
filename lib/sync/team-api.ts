// The team server's REST calls that are not mutations: inviting a member (the server makes the
// single-use link), changing one's password (never queued or cached), and the member's own
// language. Screens reach them through the store (`store.teamApi`), never directly.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { MailStatus } from '../domain/mail';
import type { FunnelMonthSales } from '../domain/commission';
import type { PeriodTotals } from '../domain/results';
import type { ServerRefusal } from '../domain/server-errors';
import type { PasswordChange, Permissions, Role } from '../domain/types';
import { isLanguageCode, type LanguageCode } from '../i18n/codes';
import { createTransport, refusedBy, SyncError, type Request, type TransportOptions } from './transport';
import { createSecurityApi, type SecurityApi } from './security-api';

export interface MemberLanguage {
  /** The member's choice (null until read, or none chosen); reading it the first time asks the server. */
  readonly value: ReadonlySignal<LanguageCode | null>;
  choose(language: LanguageCode): Promise<{ ok: true } | ServerRefusal>;
}

/** A Pending member's invitation link as the team server holds it: live or expired. */
export interface InvitationState {
  memberId: string;
  expiresAt: string;
  expired: boolean;
}

/** An invitation made (or made again): its link to copy, and whether its email was queued. */
export interface InvitationIssued {
  ok: true;
  inviteUrl: string;
  emailSent: boolean;
}

/** The shops whose order webhooks the team server takes in. */
export type ShopSlug = 'shopify' | 'woocommerce';

/** What a tracking link is made of besides its code (lib/domain/attribution.ts trackingUrl). */
export interface TrackingLinks {
  origin: string;
  workspaceId: string;
}

/** A shop's connection as the team server holds it: the address to paste into the shop, and its signing secret's hint. */
export interface ShopConnection {
  webhookUrl: string;
  signingSecret: { configured: boolean; hint: string };
}

export interface TeamApi {
  /** Invites a member: the server makes a Pending member and a single-use link, and emails it. */
  invite(draft: { email: string; role: Role; permissions: Permissions }): Promise<InvitationIssued | ServerRefusal>;
  /** The Pending members' invitation links, live or expired (managers only). */
  invitations(): Promise<{ ok: true; invitations: InvitationState[] } | ServerRefusal>;
  /** Resend / New link: a new link (the old one ends), emailed again. */
  reissueInvitation(memberId: string): Promise<InvitationIssued | ServerRefusal>;
  /** Where the team server's mail goes and whether the latest message failed (Admins only). */
  mailStatus(): Promise<({ ok: true } & MailStatus) | ServerRefusal>;
  /** Changes the signed-in member's password (the server checks the current one). */
  changePassword(draft: PasswordChange): Promise<{ ok: true } | (ServerRefusal & { field?: keyof PasswordChange })>;
  /** The signed-in member's own language, so one member's choice does not switch everyone's screens. */
  readonly memberLanguage: MemberLanguage;
  /**
   * Hands an integration's API key and webhook URL to the server, which seals them and keeps
   * hints on the record. Credentials never enter a mutation, so they are never queued, cached or synced.
   */
  saveIntegrationCredentials(id: string, config: { apiKey: string; webhookUrl: string }): Promise<{ ok: true } | (ServerRefusal & { field?: string })>;
  /** A shop's webhook address and whether its signing secret is stored (Admins only). */
  shopConnection(shop: ShopSlug): Promise<({ ok: true } & ShopConnection) | ServerRefusal>;
  /** Where the workspace's tracking links live: the server's public origin and the workspace they name. */
  trackingLinks(): Promise<({ ok: true } & TrackingLinks) | ServerRefusal>;
  /** The period's measured results (link clicks, attributed sales) per funnel and per day, from `from` to `to` (UTC days, yyyy-MM-dd). */
  resultsTotals(from: string, to: string): Promise<({ ok: true } & PeriodTotals) | ServerRefusal>;
  /** The period's overall measured results per day only, from the workspace's own day rows: a read that costs the same whatever the number of funnels. */
  resultsOverall(from: string, to: string): Promise<{ ok: true; days: PeriodTotals['days'] } | ServerRefusal>;
  /** Attributed sales per funnel and month from `from` to `to` (yyyy-MM), of one funnel when `funnelId` is given. */
  resultsMonths(from: string, to: string, funnelId?: string): Promise<{ ok: true; months: FunnelMonthSales[] } | ServerRefusal>;
  /** Hands the shop's webhook signing secret to the server, which seals it; only its hint comes back. */
  saveShopSigningSecret(shop: ShopSlug, secret: string): Promise<({ ok: true } & ShopConnection) | (ServerRefusal & { field?: string })>;
  /** Ends the session on the server (Logout): true once the server has ended it, false when it could not be reached. */
  signOut(): Promise<boolean>;
  /** Two-factor sign-in, the member's sessions, and (Admins) the requirement and the security log. */
  readonly security: SecurityApi;
}

export interface TeamApiOptions extends TransportOptions {
  /** Called after a call that changed the team (an invitation): the sync client pulls. */
  onTeamChanged?: () => void;
  /** A request of its own (the sync client shares one); default: one made from these options. */
  request?: Request;
}

/** Signing out waits this long for the server before it ends the session here and owes the server the rest. */
const SIGN_OUT_TIMEOUT_MS = 5_000;

export function createTeamApi(options: TeamApiOptions = {}): TeamApi {
  const request = options.request ?? createTransport(options);
  const language = signal<LanguageCode | null>(null);
  let languageAsked = false;
  return {
    security: createSecurityApi(request),
    async invite(draft) {
      try {
        const { inviteUrl, emailSent } = await request<{ inviteUrl: string; emailSent?: boolean }>('/team/invitations', { method: 'POST', body: JSON.stringify(draft) });
        options.onTeamChanged?.();
        return { ok: true, inviteUrl, emailSent: emailSent === true };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async invitations() {
      try {
        const { invitations } = await request<{ invitations: InvitationState[] }>('/team/invitations');
        return { ok: true, invitations };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async reissueInvitation(memberId) {
      try {
        const { inviteUrl, emailSent } = await request<{ inviteUrl: string; emailSent?: boolean }>(`/team/members/${encodeURIComponent(memberId)}/invitation`, {
          method: 'POST',
          body: '{}',
        });
        options.onTeamChanged?.();
        return { ok: true, inviteUrl, emailSent: emailSent === true };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async mailStatus() {
      try {
        return { ok: true, ...(await request<MailStatus>('/mail/status')) };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async changePassword(draft) {
      try {
        await request<{ ok: true }>('/auth/password', { method: 'POST', body: JSON.stringify(draft) });
        return { ok: true };
      } catch (error) {
        const field = error instanceof SyncError ? error.field : undefined;
        return {
          ...refusedBy(error),
          ...(field === 'currentPassword' || field === 'newPassword' || field === 'confirmPassword' ? { field } : {}),
        };
      }
    },
    memberLanguage: {
      get value() {
        // Asked once, on first read: embeds and tests that never show a screen skip it.
        if (!languageAsked) {
          languageAsked = true;
          request<{ language?: unknown }>('/auth/session').then(
            (session) => {
              if (isLanguageCode(session.language)) language.value = session.language;
            },
            () => {
              languageAsked = false;
            },
          );
        }
        return language;
      },
      async choose(next) {
        try {
          await request<{ language: string }>('/auth/me', { method: 'PATCH', body: JSON.stringify({ language: next }) });
          language.value = next;
          return { ok: true };
        } catch (error) {
          return refusedBy(error);
        }
      },
    },
    async saveIntegrationCredentials(id, config) {
      try {
        await request<unknown>(`/integrations/${encodeURIComponent(id)}/credentials`, { method: 'PUT', body: JSON.stringify(config) });
        // The record with its new hints arrives with the pull, as the server holds it.
        options.onTeamChanged?.();
        return { ok: true };
      } catch (error) {
        const field = error instanceof SyncError ? error.field : undefined;
        return { ...refusedBy(error), ...(field ? { field } : {}) };
      }
    },
    async trackingLinks() {
      try {
        return { ok: true, ...(await request<TrackingLinks>('/results/links')) };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async resultsTotals(from, to) {
      try {
        const answer = await request<PeriodTotals>(`/results/totals?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
        return { ok: true, funnels: answer.funnels, days: answer.days };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async resultsOverall(from, to) {
      try {
        const answer = await request<Pick<PeriodTotals, 'days'>>(`/results/overall?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
        return { ok: true, days: answer.days };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async resultsMonths(from, to, funnelId) {
      try {
        const one = funnelId === undefined ? '' : `&funnelId=${encodeURIComponent(funnelId)}`;
        const answer = await request<{ months: FunnelMonthSales[] }>(`/results/months?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${one}`);
        return { ok: true, months: answer.months };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async shopConnection(shop) {
      try {
        return { ok: true, ...(await request<ShopConnection>(`/integrations/${shop}/connection`)) };
      } catch (error) {
        return refusedBy(error);
      }
    },
    async saveShopSigningSecret(shop, secret) {
      try {
        const connection = await request<ShopConnection>(`/integrations/${shop}/signing-secret`, { method: 'PUT', body: JSON.stringify({ secret }) });
        options.onTeamChanged?.();
        return { ok: true, ...connection };
      } catch (error) {
        const field = error instanceof SyncError ? error.field : undefined;
        return { ...refusedBy(error), ...(field ? { field } : {}) };
      }
    },
    async signOut() {
      try {
        await request('/auth/signout', { method: 'POST', body: '{}', timeoutMs: SIGN_OUT_TIMEOUT_MS });
        return true;
      } catch (error) {
        // A session already over is ended; an unreachable server has not heard it.
        return error instanceof SyncError && error.kind === 'signed-out';
      }
    },
  };
}
