// The one Content-Security-Policy of the product's pages, the elements and the examples. Plain
// JavaScript so that the team server (TypeScript) and the static server of scripts/serve.mjs
// (run by Node as it is) share it.

/**
 * Scripts only from this origin; styles only from this origin or with this response's nonce
 * (handed to libraries through <meta name="csp-nonce">).
 * @param {string} nonce
 * @returns {string}
 */
export function contentSecurityPolicy(nonce) {
  return [
    "default-src 'self'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}
