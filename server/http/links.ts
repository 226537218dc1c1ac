// The one origin every emailed or displayed link is built from (invitations, password resets,
// creator portal links, outreach, notifications, shop webhook addresses). It is configured
// (CREATORFLOW_PUBLIC_URL), or http://localhost:<port> while the server listens on loopback;
// never read from a request: Host, X-Forwarded-Host and Forwarded are chosen by whoever sends it.
import { isIP } from 'node:net';

/** The port `npm start` listens on when PORT is not set. */
export const DEFAULT_PORT = 4173;

/** localhost, 127.0.0.0/8 and ::1: addresses only this computer can reach. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
  return false;
}

/** The link origin of a server without a public URL, listening on loopback at `port`. */
export function localOrigin(port: number): string {
  return `http://localhost:${port}`;
}

/** A public URL as the origin links start with (scheme, host, port; no path or trailing slash), or null when it is not an http(s) URL. */
export function parsePublicUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url.origin.toLowerCase();
}
