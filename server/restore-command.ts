// The restore command `npm run backup` prints: it names the data folder (or the database) the
// backup was read from, so running it as printed restores into that same place, whatever the
// environment of the shell it is pasted into.

/** Quotes a word for a POSIX shell when it needs it. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export type BackupSource = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; databaseUrl: string };

/**
 * The exact command that restores `file` into `source`. A database URL is printed without its
 * password (a backup's output ends up in terminals and logs): the command then says where the
 * password goes.
 */
export function restoreCommand(source: BackupSource, file: string): string {
  const restore = `npm run restore -- ${shellQuote(file)}`;
  if (source.kind === 'pglite') return `CREATORFLOW_DATA_DIR=${shellQuote(source.dataDir)} ${restore}`;
  const parsed = new URL(source.databaseUrl);
  const hadPassword = parsed.password !== '';
  parsed.password = '';
  const url = shellQuote(parsed.toString());
  return hadPassword ? `PGPASSWORD=<the database password> DATABASE_URL=${url} ${restore}` : `DATABASE_URL=${url} ${restore}`;
}
