// Where `npm start` writes mail without SMTP_URL: under the data folder (PGlite's, or with
// DATABASE_URL the same path), so it goes wherever the data folder goes; and what the mail
// settings refuse; when an SMTP connection must use TLS.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../server/config';
import { isNewDataFolder, keepMailWrittenSince } from '../../server/data-folder';
import { smtpConnection } from '../../server/mail/transport';

describe('the mail folder', () => {
  it('is mail/ under the data folder, by default and when CREATORFLOW_DATA_DIR moves it', () => {
    expect(readConfig({}, '/srv/cf').mail).toEqual({ smtpUrl: undefined, from: 'Creatorflow <creatorflow@localhost>', dir: '/srv/cf/.creatorflow/data/mail' });
    expect(readConfig({ CREATORFLOW_DATA_DIR: '/var/lib/cf' }, '/srv/cf').mail.dir).toBe('/var/lib/cf/mail');
  });

  it('with PostgreSQL is under the same data folder, since the database is elsewhere', () => {
    const config = readConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test' }, '/srv/cf');
    expect(config.mail.dir).toBe(join(config.dataDir, 'mail'));
    expect(config.dataDir).toBe('/srv/cf/.creatorflow/data');
    expect(readConfig({ DATABASE_URL: 'postgres://127.0.0.1:5432/test', CREATORFLOW_DATA_DIR: '/var/lib/cf' }, '/srv/cf').mail.dir).toBe('/var/lib/cf/mail');
  });

  it('moves with CREATORFLOW_MAIL_DIR; SMTP_URL needs MAIL_FROM and is never echoed', () => {
    expect(readConfig({ CREATORFLOW_MAIL_DIR: '/tmp/outbox' }, '/srv/cf').mail.dir).toBe('/tmp/outbox');
    expect(() => readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }, '/srv/cf')).toThrow(/MAIL_FROM must be set/);
    expect(() => readConfig({ SMTP_URL: 'http://user:hunter2@mail.example.com', MAIL_FROM: 'a@b.test' }, '/srv/cf')).toThrow(/^(?!.*hunter2).*SMTP_URL must look like/);
  });

  it('does not make a data folder look used: a folder holding only mail/ is still new', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-data-'));
    try {
      expect(isNewDataFolder(join(dir, 'missing'))).toBe(true);
      mkdirSync(join(dir, 'mail'));
      expect(isNewDataFolder(dir)).toBe(true);
      writeFileSync(join(dir, 'PG_VERSION'), '17');
      expect(isNewDataFolder(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a restore keeps the messages written since the backup, and the backup’s copy of one it had', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cf-restore-'));
    try {
      mkdirSync(join(dir, 'old', 'mail'), { recursive: true });
      mkdirSync(join(dir, 'new', 'mail'), { recursive: true });
      writeFileSync(join(dir, 'old', 'mail', 'a.eml'), 'old copy');
      writeFileSync(join(dir, 'old', 'mail', 'b.eml'), 'since');
      writeFileSync(join(dir, 'new', 'mail', 'a.eml'), 'backup copy');
      expect(keepMailWrittenSince(join(dir, 'old'), join(dir, 'new'))).toBe(1);
      expect(readFileSync(join(dir, 'new', 'mail', 'a.eml'), 'utf8')).toBe('backup copy');
      expect(readFileSync(join(dir, 'new', 'mail', 'b.eml'), 'utf8')).toBe('since');
      expect(readdirSync(join(dir, 'old', 'mail'))).toEqual(['a.eml']);
      expect(keepMailWrittenSince(join(dir, 'nothing'), join(dir, 'new'))).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SMTP connections and TLS', () => {
  it('requires STARTTLS for smtp:// with a user to another machine; smtps:// is TLS from the start', () => {
    expect(smtpConnection('smtp://u:p@mail.example.com:587').requireTLS).toBe(true);
    expect(smtpConnection('smtp://u@mail.example.com:587').requireTLS).toBe(true);
    expect(smtpConnection('smtps://u:p@mail.example.com:465').requireTLS).toBe(false);
    expect(smtpConnection('smtp://mail.example.com:25').requireTLS).toBe(false);
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '127.0.0.53']) expect(smtpConnection(`smtp://u:p@${host}:25`).requireTLS).toBe(false);
    expect(smtpConnection('smtp://u:p@127.0.0.1:25', () => false).requireTLS).toBe(true);
  });
});
