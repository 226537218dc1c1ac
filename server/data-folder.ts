// What a data folder holds besides the database: the server's own `mail/` folder (the .eml
// files written without SMTP_URL). PGlite ignores a folder it does not know in its data folder
// (it starts, restarts, dumps and loads with it there), so the server keeps its mail beside the
// database's files rather than beside the folder. With PostgreSQL the data folder is the same
// path (CREATORFLOW_DATA_DIR, else .creatorflow/data) and holds only the mail.
import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';

export const MAIL_FOLDER = 'mail';

/** The folder of .eml files inside `dataDir`. */
export const mailFolderOf = (dataDir: string) => join(dataDir, MAIL_FOLDER);

/** No database in it yet: missing, empty, or holding only the server's own mail folder. */
export const isNewDataFolder = (dataDir: string) => !existsSync(dataDir) || readdirSync(dataDir).every((name) => name === MAIL_FOLDER);

/**
 * After a restore: the messages the server wrote since the backup are kept in the restored data
 * folder beside the backup's own (a restored database does not un-send mail). A file of the same
 * name is the same message, so the backup's copy stays. Resolves with how many were moved.
 */
export function keepMailWrittenSince(previousDataDir: string, restoredDataDir: string): number {
  const from = mailFolderOf(previousDataDir);
  if (!existsSync(from)) return 0;
  const to = mailFolderOf(restoredDataDir);
  mkdirSync(to, { recursive: true });
  const already = new Set(existsSync(to) ? readdirSync(to) : []);
  let moved = 0;
  for (const name of readdirSync(from)) {
    if (already.has(name) || !name.endsWith('.eml')) continue;
    renameSync(join(from, name), join(to, name));
    moved++;
  }
  return moved;
}
