// A new PGlite data folder starts from a migrated empty database rather than from initdb:
// initdb costs about 5 s, loading a dump of its result a fraction of that. The dump is kept
// in a cache folder, named after what it was made from (PGlite's version and the migrations),
// so a change to either makes a new one. `npm start` prepares it before the first start
// (`tsx server/db/template.ts <cache folder>`); a start that still finds none makes it.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isNewDataFolder } from '../data-folder';
import { MIGRATIONS_FOLDER, migrateDatabase, openPglite, type DatabaseHandle } from './client';

/** The template's file in `cacheDir` for this PGlite and these migrations. */
export function templateFile(cacheDir: string): string {
  const hash = createHash('sha256');
  hash.update(pgliteVersion());
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  visit(MIGRATIONS_FOLDER);
  return join(cacheDir, `pglite-empty-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The installed PGlite's version (its package.json is not among its exports: found beside its entry). */
function pgliteVersion(): string {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(folder, 'package.json')) && dirname(folder) !== folder) folder = dirname(folder);
  return (JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string }).version;
}


/**
 * Opens PGlite in `dataDir` and applies the migrations. A new folder is loaded from the template
 * when there is one; otherwise it is made by initdb, and its migrated empty state becomes the
 * template for the next new folder (before anything is seeded into it).
 */
export async function openMigratedPglite(dataDir: string, cacheDir: string): Promise<DatabaseHandle> {
  const template = templateFile(cacheDir);
  const fresh = isNewDataFolder(dataDir);
  const fromTemplate = fresh && existsSync(template);
  const handle = await openPglite({ dataDir, ...(fromTemplate ? { loadDataDir: new Blob([readFileSync(template)]) } : {}) });
  try {
    await migrateDatabase(handle);
    if (fresh && !fromTemplate) await saveTemplate(handle, template);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
  return handle;
}

async function saveTemplate(handle: DatabaseHandle, file: string) {
  const dump = await handle.pglite!.dumpDataDir('none');
  mkdirSync(join(file, '..'), { recursive: true });
  // Written aside and renamed, so a start that stops midway never leaves half a template.
  // Its own name per process: two servers starting at once each write theirs, and either wins.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, Buffer.from(await dump.arrayBuffer()));
  renameSync(aside, file);
}

/** Makes the template in `cacheDir` when it is missing (an in-memory database, migrated and dumped). */
export async function prepareTemplate(cacheDir: string): Promise<boolean> {
  const file = templateFile(cacheDir);
  if (existsSync(file)) return false;
  const handle = await openPglite();
  try {
    await migrateDatabase(handle);
    await saveTemplate(handle, file);
  } finally {
    await handle.close();
  }
  return true;
}

if (process.argv[1] && import.meta.filename === process.argv[1] && process.argv[2]) {
  await prepareTemplate(process.argv[2]);
}
