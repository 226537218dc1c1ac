// A new PGlite data folder opens from the migrated empty template: the first new folder makes
// it (after migrating, before any seed), the next ones load it, and what they hold is theirs.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap';
import { MIGRATIONS_FOLDER } from '../../server/db/client';
import { openMigratedPglite, prepareTemplate, templateFile } from '../../server/db/template';
import { TEST_HASH_COST } from './fixture';

const dir = mkdtempSync(join(tmpdir(), 'cf-template-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const owner = { ownerEmail: 'owner@template.test', ownerPassword: 'correct horse battery', ownerName: 'Tess Owner', now: new Date('2026-11-25T10:00:00Z'), hashCost: TEST_HASH_COST };
const migrationCount = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).length;

async function counts(dataDir: string) {
  const handle = await openMigratedPglite(dataDir, cache);
  try {
    const count = async (query: string) => ((await handle.db.execute(sql.raw(query))) as { rows: { n: number }[] }).rows[0].n;
    return { handle, migrations: await count('select count(*)::int as n from drizzle.__drizzle_migrations'), members: await count('select count(*)::int as n from members') };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

describe('the empty-database template', () => {
  it('is made by the first new folder, unseeded, and new folders start from it', async () => {
    expect(existsSync(templateFile(cache))).toBe(false);
    const first = await counts(join(dir, 'first'));
    expect(first).toMatchObject({ migrations: migrationCount, members: 0 });
    expect(existsSync(templateFile(cache))).toBe(true);
    await bootstrap(first.handle, owner);
    await first.handle.close();

    // The seed went into the first folder only: a second new folder starts empty and migrated.
    const second = await counts(join(dir, 'second'));
    expect(second).toMatchObject({ migrations: migrationCount, members: 0 });
    await bootstrap(second.handle, owner);
    await second.handle.close();

    // Reopened, a folder keeps its own data rather than loading the template again.
    const again = await counts(join(dir, 'second'));
    expect(again.members).toBe(1);
    await again.handle.close();
  });

  it('is prepared once: a second call finds it', async () => {
    expect(await prepareTemplate(cache)).toBe(false);
    const other = join(dir, 'other-cache');
    expect(await prepareTemplate(other)).toBe(true);
    expect(existsSync(templateFile(other))).toBe(true);
  });
});
