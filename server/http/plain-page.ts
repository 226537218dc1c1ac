// A plain page the server answers itself (no app, no script): a title and a sentence, in the
// reader's language from Accept-Language, with a nonce'd style and the strict policy.
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LanguageCode } from '../../lib/i18n/codes';
import { en } from '../../lib/i18n/catalogs/en-US';
import { pack as esPack } from '../../lib/i18n/catalogs/es';
import { pack as frPack } from '../../lib/i18n/catalogs/fr';
import { contentSecurityPolicy } from './security';

const catalogs: Record<LanguageCode, Record<string, string>> = { 'en-US': en, es: esPack.messages, fr: frPack.messages };

/** The reader's language from Accept-Language (the first we speak), else English. */
export function acceptedLanguage(request: FastifyRequest): LanguageCode {
  for (const part of String(request.headers['accept-language'] ?? '').split(',')) {
    const tag = part.split(';')[0].trim().toLowerCase();
    if (tag.startsWith('es')) return 'es';
    if (tag.startsWith('fr')) return 'fr';
    if (tag.startsWith('en')) return 'en-US';
  }
  return 'en-US';
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends a plain page: `title` as its heading and `body` as its one paragraph (catalog keys). */
export function sendPlainPage(request: FastifyRequest, reply: FastifyReply, status: number, title: keyof typeof en, body: keyof typeof en) {
  const lang = acceptedLanguage(request);
  const say = (key: string) => escapeHtml(catalogs[lang][key] ?? en[key as keyof typeof en]);
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="${lang === 'en-US' ? 'en' : lang}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <title>${say(title)}</title>
    <style nonce="${nonce}">body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:#1f2937;background:#f9fafb}main{max-width:32rem;margin:0 auto}h1{font-size:1.5rem}</style>
  </head>
  <body>
    <main>
      <h1>${say(title)}</h1>
      <p>${say(body)}</p>
    </main>
  </body>
</html>`;
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('content-security-policy', contentSecurityPolicy(nonce))
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .send(html);
}
