// Loaded into the spawned team server by `npm run bench -- --count-statements` (node --import):
// counts the SQL statements each pg connection sends, and among them those sent while the
// connection holds a workspace's version-row lock (from the statement that takes it to COMMIT
// or ROLLBACK). Written as JSON to the file named by CREATORFLOW_BENCH_STATEMENTS on SIGUSR2 and
// when the process exits. A measurement aid for the bench only: the server never loads it otherwise.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const out = process.env.CREATORFLOW_BENCH_STATEMENTS;
const counts = { total: 0, underLock: 0, byStatement: {} };
const query = pg.Client.prototype.query;
const held = new WeakSet();
pg.Client.prototype.query = function counted(config, ...rest) {
  const text = typeof config === 'string' ? config : (config?.text ?? '');
  const key = text.replace(/\s+/g, ' ').slice(0, 160);
  counts.total += 1;
  counts.byStatement[key] = (counts.byStatement[key] ?? 0) + 1;
  // Taking the lock: a SELECT ... FOR UPDATE or an UPDATE of the workspace's version row.
  if (/"?workspace_versions"?/.test(text) && /for update|^update/i.test(text.trim())) held.add(this);
  if (held.has(this)) {
    counts.underLock += 1;
    if (/^(commit|rollback)/i.test(text.trim())) held.delete(this);
  }
  return query.call(this, config, ...rest);
};
const write = () => out && writeFileSync(out, JSON.stringify(counts));
// SIGUSR2: a snapshot now (the bench takes one before and one after a phase).
process.on('SIGUSR2', write);
process.on('exit', write);
