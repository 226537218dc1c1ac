// Strict CSP support: pages that allow styles only with a nonce put it in
// <meta name="csp-nonce" content="...">. FullCalendar reads that meta itself; react-hot-toast's
// styling library (goober) reads window.__nonce__, which we fill from the meta before the
// first toast is shown. Our own styles are constructable stylesheets, which CSP allows.
declare global {
  interface Window {
    __nonce__?: string;
  }
}

/** Runs on import: import this module before anything that loads react-hot-toast. */
export function applyCspNonce() {
  if (typeof document === 'undefined' || window.__nonce__) return;
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]');
  const nonce = meta?.nonce || meta?.content;
  if (nonce) window.__nonce__ = nonce;
}

applyCspNonce();
