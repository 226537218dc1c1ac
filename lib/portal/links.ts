// Staff's side of creator portal links: each call mints a link on the team server and answers
// it once (only its hash is kept there). Without a team server there are no links.
import { createServerCaller } from '../developer/client';

export interface PortalLinksClient {
  /** A new live link to the creator's portal (earlier links stay live). */
  mint(funnelId: string): Promise<string>;
  /** Ends every earlier link of the creator and answers a new one. */
  rotate(funnelId: string): Promise<string>;
  /** Emails the creator the latest outreach message again with a fresh link; answers the address. */
  resend(funnelId: string): Promise<string>;
}

export function createPortalLinksClient(options: { server?: string; fetch?: typeof fetch } = {}): PortalLinksClient {
  const call = createServerCaller(options);
  return {
    mint: async (funnelId) => (await call<{ url: string }>('POST', `/portal-links/${encodeURIComponent(funnelId)}`, {})).url,
    rotate: async (funnelId) => (await call<{ url: string }>('POST', `/portal-links/${encodeURIComponent(funnelId)}/rotate`, {})).url,
    resend: async (funnelId) => (await call<{ to: string }>('POST', `/portal-links/${encodeURIComponent(funnelId)}/send`, {})).to,
  };
}

/** The client for the page's team server (it marks its host page with `<meta name="cf-server">`), or null. */
export function portalLinksClient(): PortalLinksClient | null {
  if (typeof document === 'undefined' || !document.querySelector('meta[name="cf-server"]')) return null;
  return createPortalLinksClient();
}
