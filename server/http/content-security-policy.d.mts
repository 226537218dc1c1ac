// Types of content-security-policy.mjs.

/** The Content-Security-Policy header of the product's pages, the elements and the examples, with this response's style nonce. */
export function contentSecurityPolicy(nonce: string): string;
