// Pull answers shared by every client that asks for the same thing: after a commit is poked, each
// connected client pulls what changed since the version it holds, and most hold the same one.
// The records of (workspace, since, version, role) are read and filtered once, and every such
// pull is answered from them. The version is part of the key, so a commit makes the workspace's
// older answers unreachable; they are dropped as soon as a newer version is seen. The role is
// part of the key because the records are filtered for it (secrets a role may not see are never
// in the records shared with it).
import type { PulledRecord } from '../../lib/sync/protocol';

export interface PullAnswerKey {
  workspaceId: string;
  since: number;
  version: number;
  role: string;
}

export interface PullAnswers {
  /** The shared records for `key`, reading them with `read` (once, however many ask at once) when none are kept. */
  get(key: PullAnswerKey, read: () => Promise<PulledRecord[]>): Promise<PulledRecord[]>;
  /** How many times records were read, and answered from what was kept (for tests and the bench). */
  readonly counts: { reads: number; shared: number };
}

/** Answers kept at most (a workspace keeps only its newest version's). */
const MAX_ANSWERS = 256;
/** A larger answer is not kept: it is a catch-up of one client, not a poke's pull by many. */
export const MAX_SHARED_RECORDS = 2_000;

export function createPullAnswers(max = MAX_ANSWERS): PullAnswers {
  const answers = new Map<string, Promise<PulledRecord[]>>();
  /** The newest version seen for each workspace, and the keys kept for it. */
  const newest = new Map<string, { version: number; keys: Set<string> }>();
  const counts = { reads: 0, shared: 0 };

  function forget(key: string) {
    answers.delete(key);
  }

  return {
    counts,
    get(key, read) {
      const id = `${key.workspaceId}\u0000${key.version}\u0000${key.since}\u0000${key.role}`;
      const kept = answers.get(id);
      if (kept) {
        counts.shared += 1;
        return kept;
      }
      counts.reads += 1;
      let seen = newest.get(key.workspaceId);
      if (seen && key.version < seen.version) return read();
      if (!seen || key.version > seen.version) {
        for (const old of seen?.keys ?? []) forget(old);
        newest.set(key.workspaceId, (seen = { version: key.version, keys: new Set() }));
      }
      const answer = read().then((records) => {
        // Too large to keep: it was read for one client.
        if (records.length > MAX_SHARED_RECORDS) forget(id);
        return records;
      });
      // A failed read is not kept: the next pull reads again.
      answer.catch(() => forget(id));
      answers.set(id, answer);
      seen.keys.add(id);
      // The oldest go first when too many are kept (a Map iterates in insertion order).
      while (answers.size > max) forget(answers.keys().next().value!);
      return answer;
    },
  };
}
