// Where a rendered message goes: an SMTP server through nodemailer (SMTP_URL), or, with no mail
// server configured, an .eml file per message in the mail folder (nodemailer writes the same
// RFC 822 text either way), so a person can open it and `npm start` needs nothing more.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransportKind } from '../../lib/domain/mail';
import { isLoopbackHost } from '../http/links';

export interface OutgoingMail {
  /** The outbox row's id: the Message-ID of every attempt, and the file's name. */
  id: string;
  fromName?: string | null;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html: string;
  date: Date;
}

export interface MailTransport {
  kind: MailTransportKind;
  /** Resolves once the message is accepted (by the SMTP server, or written to its file). */
  send(mail: OutgoingMail): Promise<{ file?: string }>;
  close(): void;
}

export interface MailSettings {
  /** smtp://user:pass@host:587 (STARTTLS) or smtps://…:465; absent: .eml files in `dir`. */
  smtpUrl?: string;
  /** The sender: "Name <address>" or an address. */
  from: string;
  /** The folder of .eml files when there is no SMTP server. */
  dir: string;
}

export const DEFAULT_MAIL_FROM = 'Creatorflow <creatorflow@localhost>';

/** The address part of "Name <address>" (or the address itself). */
export function fromAddress(from: string): { name?: string; address: string } {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return named ? { name: named[1].trim() || undefined, address: named[2].trim() } : { address: from.trim() };
}

function messageFields(settings: MailSettings, mail: OutgoingMail) {
  const sender = fromAddress(settings.from);
  const domain = sender.address.split('@')[1] || 'creatorflow.local';
  return {
    // A member's name may stand before the server's address (outreach); never their address, which SPF would refuse.
    from: { name: mail.fromName ?? sender.name ?? 'Creatorflow', address: sender.address },
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    date: mail.date,
    // The same on every attempt: a receiver that got the message before drops the copy.
    messageId: `<${mail.id}@${domain}>`,
  };
}

/** Why a message was not sent when the mail server would not start TLS: said in Settings' mail line. */
export const NO_TLS_REASON =
  'The mail server did not start TLS (STARTTLS), so the password in SMTP_URL was not sent and the message waits. Use a mail server that offers STARTTLS, or smtps:// (TLS from the start).';

/**
 * How nodemailer connects for an SMTP URL. A password never goes over a connection without
 * TLS: smtps:// is TLS from the start; smtp:// with a user requires STARTTLS (a server that does
 * not offer it, or a path that strips it, gets no password), except to this machine, where
 * nothing crosses a network. Without a user, STARTTLS is used whenever the server offers it.
 */
export function smtpConnection(url: string, isLoopback: (host: string) => boolean = isLoopbackHost): { url: string; requireTLS: boolean } {
  const parsed = new URL(url);
  const withPassword = parsed.username !== '' || parsed.password !== '';
  return { url, requireTLS: parsed.protocol === 'smtp:' && withPassword && !isLoopback(parsed.hostname) };
}

export interface MailTransportOptions {
  /** Which hosts count as this machine, where a password may go without TLS (tests treat their own server as remote). */
  isLoopback?: (host: string) => boolean;
}

export function createMailTransport(settings: MailSettings, options: MailTransportOptions = {}): MailTransport {
  if (settings.smtpUrl) {
    const connection = smtpConnection(settings.smtpUrl, options.isLoopback);
    const transporter = nodemailer.createTransport({ ...connection, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
    return {
      kind: 'smtp',
      async send(mail) {
        try {
          await transporter.sendMail(messageFields(settings, mail));
        } catch (error) {
          if (connection.requireTLS && (error as { code?: unknown }).code === 'ETLS') throw new Error(NO_TLS_REASON, { cause: error });
          throw error;
        }
        return {};
      },
      close: () => transporter.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await builder.sendMail(messageFields(settings, mail));
      mkdirSync(settings.dir, { recursive: true });
      // Named by time and row: a second attempt of the same row overwrites its own file, never adds one.
      const file = join(settings.dir, `${mail.date.toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      const partial = `${file}.partial`;
      writeFileSync(partial, info.message as Buffer, { mode: 0o600 });
      renameSync(partial, file);
      return { file };
    },
    close: () => builder.close(),
  };
}
