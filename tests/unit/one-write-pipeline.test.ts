// Every record write on the server goes through the one mutation runner: no server module
// outside the pipeline (server/db/tx/) opens a staged write transaction of its own.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../..');
const serverFiles = () =>
  execFileSync('git', ['ls-files', 'server'], { cwd: repo, encoding: 'utf8' })
    .split('\n')
    .filter((path) => /\.(ts|mts|mjs)$/.test(path));

/** Files outside the pipeline that open a write transaction on records themselves. */
const writersOutsideThePipeline = (files: readonly string[], read: (path: string) => string) =>
  files.filter((path) => !path.startsWith('server/db/tx/') && path !== 'server/db/tx.ts' && /\b(withServerTx|createServerTx)\b/.test(read(path)));

describe('the one write pipeline', () => {
  const read = (path: string) => readFileSync(resolve(repo, path), 'utf8');

  it('is the only place a server module opens a staged write transaction', () => {
    const files = serverFiles();
    expect(files.length).toBeGreaterThan(50);
    expect(writersOutsideThePipeline(files, read)).toEqual([]);
  });

  it('finds a planted writer', () => {
    const planted = (path: string) => (path === 'server/team/routes.ts' ? `${read(path)}\nconst tx = createServerTx(db, id, null, {});` : read(path));
    expect(writersOutsideThePipeline(serverFiles(), planted)).toEqual(['server/team/routes.ts']);
  });
});
