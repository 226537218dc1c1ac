// One server process per PGlite data folder: PGlite is PostgreSQL in this process, and two
// processes writing one folder would corrupt it. The lock file holds the owner's pid; a lock
// left by a process that no longer runs (kill -9, power loss) is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class LockError extends Error {}

export interface Lock {
  path: string;
  release(): void;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function acquireLock(path: string, what: string): Lock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() }));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          const owner = JSON.parse(readFileSync(path, 'utf8')) as { pid?: number };
          if (owner.pid === process.pid) unlinkSync(path);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return { path, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let pid = NaN;
      try {
        pid = Number((JSON.parse(readFileSync(path, 'utf8')) as { pid?: number }).pid);
      } catch {
        // Unreadable: written by a process that died mid-write.
      }
      if (Number.isInteger(pid) && pid !== process.pid && running(pid))
        throw new LockError(`Another Creatorflow server (pid ${pid}) is using ${what}. Stop it first, or set CREATORFLOW_DATA_DIR to another folder.`);
      try {
        unlinkSync(path);
      } catch {
        // Another process took it over first: the next attempt finds out.
      }
    }
  }
  throw new LockError(`Could not take the lock ${path}`);
}
