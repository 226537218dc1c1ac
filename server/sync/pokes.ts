// Pokes: after a commit, every browser of the workspace is told the new version so it pulls.
// Within one process they go through memory; with PostgreSQL they also cross server processes
// through LISTEN/NOTIFY, so several processes behind a load balancer serve one team.
import type { DatabaseHandle } from '../db/client';

const CHANNEL = 'creatorflow_poke';

/** Not a version: some sessions of the workspace ended, and each open stream checks that its own still holds. */
export const SESSIONS_ENDED = -1;

export interface PokeHub {
  poke(workspaceId: string, version: number): void;
  subscribe(workspaceId: string, listener: (version: number) => void): () => void;
  close(): Promise<void>;
}

export async function createPokeHub(handle: DatabaseHandle, onError: (error: unknown) => void = () => {}): Promise<PokeHub> {
  const listeners = new Map<string, Set<(version: number) => void>>();
  const deliver = (workspaceId: string, version: number) => {
    for (const listener of listeners.get(workspaceId) ?? []) {
      try {
        listener(version);
      } catch (error) {
        onError(error);
      }
    }
  };
  let stopListening: (() => Promise<void>) | null = null;
  if (handle.listen && handle.notify) {
    stopListening = await handle.listen(CHANNEL, (payload) => {
      const at = payload.lastIndexOf(':');
      const version = Number(payload.slice(at + 1));
      if (at > 0 && Number.isFinite(version)) deliver(payload.slice(0, at), version);
    });
  }
  return {
    poke(workspaceId, version) {
      // With PostgreSQL the notification comes back to this process too: deliver it once, from there.
      if (handle.notify && stopListening) void handle.notify(CHANNEL, `${workspaceId}:${version}`).catch((error) => {
        onError(error);
        deliver(workspaceId, version);
      });
      else deliver(workspaceId, version);
    },
    subscribe(workspaceId, listener) {
      let set = listeners.get(workspaceId);
      if (!set) listeners.set(workspaceId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(workspaceId);
      };
    },
    async close() {
      listeners.clear();
      await stopListening?.();
    },
  };
}
