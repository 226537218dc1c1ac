// Overwrites are told (the rule: lib/domain/overwrites.ts). The store remembers the fields the
// member set in the last minute and the records open in an editor; when the server's records
// replace one of them, a notice names who did it and to what, until the member dismisses it or
// puts their own value back, which is a normal change like any other.
import { signal } from '@preact/signals-core';
import {
  overwriteNotices,
  ownChanges,
  RECENT_CHANGE_MS,
  restoreCall,
  type EditingTarget,
  type OverwriteNotice,
  writerKey,
} from '../domain/overwrites';
import { refuse, type Result } from '../domain/types';
import type { StoreContext } from './core';

/** The most notices kept at once: the oldest go first. */
const MAX_NOTICES = 5;

export const NOTICE_GONE = 'This notice is no longer current';

export function createOverwritesSlice(ctx: StoreContext) {
  const notices = signal<readonly OverwriteNotice[]>([]);
  let recent: ReturnType<typeof ownChanges> = [];
  const editors = new Map<number, EditingTarget>();
  let nextEditor = 0;

  const fresh = () => {
    const since = ctx.now().getTime() - RECENT_CHANGE_MS;
    return recent.filter((change) => Date.parse(change.at) >= since);
  };

  ctx.listen((change) => {
    if (change.source === 'local') {
      const own = ownChanges(change.mutation, change.changes, ctx.now().toISOString());
      if (own.length) recent = [...fresh(), ...own];
      return;
    }
    // Only the server's records (a pull) can carry a teammate's change; a change of one's own
    // that the server refused and the pull undid is not one.
    const server = change.server;
    if (!server) return;
    const recentNow = fresh();
    // Only records the member touched or has open can owe a notice (a pull may bring thousands).
    const concerned = new Set([...recentNow, ...editors.values()].map((target) => writerKey(target.collection, target.id)));
    const changes = change.changes.filter((c) => concerned.has(writerKey(c.collection, c.id)) && server.records.has(writerKey(c.collection, c.id)));
    if (!changes.length) return;
    const found = overwriteNotices({
      me: ctx.currentMember.peek()?.id ?? null,
      now: ctx.now(),
      changes,
      recent: recentNow,
      editing: [...editors.values()],
      writers: server.writers,
      activity: change.logged,
    });
    if (!found.length) return;
    const keys = new Set(found.map((notice) => notice.key));
    notices.value = [...notices.peek().filter((notice) => !keys.has(notice.key)), ...found].slice(-MAX_NOTICES);
  });

  function dismiss(key: string) {
    notices.value = notices.peek().filter((notice) => notice.key !== key);
  }

  /** The change that would put the member's value back, when one can be offered and the member may make it. */
  function restoreOf(notice: OverwriteNotice) {
    const call = restoreCall(notice, ctx.collection(notice.collection).get(notice.id));
    return call && ctx.authorize(call.name).ok ? call : null;
  }

  return {
    /** What the member is told, oldest first. */
    notices,
    /**
     * Marks a record (and a field, when the editor is about one) as open in an editor: a change
     * the server brings to it is told, and its deletion closes the editor with a notice. Returns the release.
     */
    editing(target: EditingTarget): () => void {
      const key = (nextEditor += 1);
      editors.set(key, target);
      return () => void editors.delete(key);
    },
    /** Whether "Use my value" can be offered for a notice. */
    canRestore: (notice: OverwriteNotice) => restoreOf(notice) !== null,
    /** Puts the member's own value back, as a normal change (checked, synced, logged); the notice goes on success. */
    restore(key: string): Result<unknown> {
      const notice = notices.peek().find((n) => n.key === key);
      if (!notice) return refuse('overwrite.gone');
      const call = restoreCall(notice, ctx.collection(notice.collection).get(notice.id));
      if (!call) return refuse('overwrite.gone');
      const result = ctx.mutate(call.name, call.args);
      if (result.ok) dismiss(key);
      return result;
    },
    dismiss,
  };
}
