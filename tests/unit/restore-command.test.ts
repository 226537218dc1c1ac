import { describe, expect, it } from 'vitest';
import { restoreCommand, shellQuote } from '../../server/restore-command';

describe('the restore command a backup prints', () => {
  it('names the data folder it read', () => {
    expect(restoreCommand({ kind: 'pglite', dataDir: '/srv/creatorflow/data' }, '/srv/backups/b.tar.gz')).toBe(
      'CREATORFLOW_DATA_DIR=/srv/creatorflow/data npm run restore -- /srv/backups/b.tar.gz',
    );
  });

  it('quotes paths with spaces and quotes for the shell', () => {
    expect(restoreCommand({ kind: 'pglite', dataDir: "/home/al's files/data" }, '/tmp/my backup.tar.gz')).toBe(
      `CREATORFLOW_DATA_DIR='/home/al'\\''s files/data' npm run restore -- '/tmp/my backup.tar.gz'`,
    );
    expect(shellQuote('$(rm -rf /)')).toBe(`'$(rm -rf /)'`);
  });

  it('names the database without its password', () => {
    const command = restoreCommand({ kind: 'postgres', databaseUrl: 'postgres://cf:s3cret@db.internal:5432/creatorflow' }, '/b/x.dump');
    expect(command).toBe('PGPASSWORD=<the database password> DATABASE_URL=postgres://cf@db.internal:5432/creatorflow npm run restore -- /b/x.dump');
    expect(command).not.toContain('s3cret');
    expect(restoreCommand({ kind: 'postgres', databaseUrl: 'postgres://cf@localhost/cf' }, '/b/x.dump')).toBe(
      'DATABASE_URL=postgres://cf@localhost/cf npm run restore -- /b/x.dump',
    );
  });
});
