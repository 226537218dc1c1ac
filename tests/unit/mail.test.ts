import { describe, expect, it } from 'vitest';
import { mailLanguage, nextMailAttemptDelay, MAIL_MAX_ATTEMPTS } from '../../lib/domain/mail';
import { renderMail } from '../../server/mail/templates';

describe('mail language', () => {
  it('is the member’s own, else the workspace’s, else English', () => {
    expect(mailLanguage('fr', 'es')).toBe('fr');
    expect(mailLanguage(null, 'es')).toBe('es');
    expect(mailLanguage('klingon', undefined)).toBe('en-US');
  });
});

describe('mail retries', () => {
  it('waits longer after each failure and gives up after the last attempt', () => {
    const delays = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => nextMailAttemptDelay(i + 1)!);
    expect(delays.every((delay, i) => i === 0 || delay > delays[i - 1])).toBe(true);
    expect(nextMailAttemptDelay(MAIL_MAX_ATTEMPTS)).toBeNull();
  });
});

const links = { origin: 'https://cf.example.com' };

describe('mail templates', () => {
  const invitation = { inviteUrl: 'https://cf.example.com/invite/abc', inviterName: 'Ana <b>', workspaceName: 'Acme & Co', role: 'Editor' as const };

  it('says the invitation, who invited and the role, in each language', async () => {
    const en = await renderMail('invitation', 'en-US', invitation, links);
    expect(en.subject).toBe('Ana <b> invited you to Acme & Co on Creatorflow');
    expect(en.text).toContain('Ana <b> invited you to join Acme & Co on Creatorflow as Editor.');
    expect(en.text).toContain('https://cf.example.com/invite/abc');
    const es = await renderMail('invitation', 'es', invitation, links);
    expect(es.subject).toBe('Ana <b> te invitó a Acme & Co en Creatorflow');
    const fr = await renderMail('invitation', 'fr', invitation, links);
    expect(fr.text).toContain('en tant que Éditeur.');
    expect(fr.subject).toContain('vous invite');
  });

  it('escapes every value in the HTML and loads nothing from elsewhere', async () => {
    const { html } = await renderMail('invitation', 'en-US', invitation, links);
    expect(html).toContain('Ana &lt;b&gt;');
    expect(html).toContain('Acme &amp; Co');
    expect(html).not.toContain('<b>');
    expect(html).not.toMatch(/<img|<script|src=|url\(/i);
    expect(html).toContain('<a href="https://cf.example.com/invite/abc"');
  });

  it('refuses parameters that do not fit the template', async () => {
    await expect(renderMail('passwordReset', 'en-US', { resetUrl: 'javascript:alert(1)', email: 'a@b.c' }, links)).rejects.toThrow(/not valid/);
  });
});
