// What a new workspace starts with: the sample workspace (lib/sample), with the team reduced to
// its owner (invited members join through invitations), and every singleton present.
import { sampleWorkspace, SAMPLE_ADMIN_ID } from '../../lib/sample';
import type { Permissions } from '../../lib/domain/types';
import { SINGLETON_NAMES, type CollectionName, type RecordOf, type SingletonName, type SingletonOf } from '../../lib/schema/names';
import { singletonDefinition } from '../../lib/schema/records';
import { TABLE_COLLECTIONS, type TableCollection } from './records';

export const OWNER_MEMBER_ID = SAMPLE_ADMIN_ID;
export const ALL_PERMISSIONS: Permissions = { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true };

/** A singleton's value when its row does not exist yet. */
export function singletonDefault<S extends SingletonName>(name: S, nowIso: string): SingletonOf<S> {
  return singletonDefinition(name).initial(new Date(nowIso)) as SingletonOf<S>;
}

export interface WorkspaceData {
  collections: { [C in TableCollection]: RecordOf<C>[] };
  singletons: { [S in SingletonName]: SingletonOf<S> };
}

/** The sample workspace at `now`, for a workspace whose owner is `owner`. */
export function sampleWorkspaceData(now: Date, owner: { name: string; email: string }): WorkspaceData {
  const sample = sampleWorkspace(now);
  const { team: _team, ...collections } = sample.collections as unknown as { [C in CollectionName]: RecordOf<C>[] };
  const singletons = {} as Record<SingletonName, unknown>;
  for (const name of SINGLETON_NAMES) {
    singletons[name] = name in sample.singletons ? sample.singletons[name] : singletonDefault(name, now.toISOString());
  }
  // The profile is the owner's.
  singletons.profile = { ...(singletons.profile as SingletonOf<'profile'>), name: owner.name, email: owner.email };
  return { collections, singletons: singletons as WorkspaceData['singletons'] };
}

/** An empty workspace (a second brand or agency on the same server). */
export function emptyWorkspaceData(now: Date, companyName: string): WorkspaceData {
  const singletons = {} as Record<SingletonName, unknown>;
  for (const name of SINGLETON_NAMES) singletons[name] = singletonDefault(name, now.toISOString());
  singletons.settings = { ...(singletons.settings as SingletonOf<'settings'>), companyName };
  return {
    collections: Object.fromEntries(TABLE_COLLECTIONS.map((c) => [c, []])) as unknown as WorkspaceData['collections'],
    singletons: singletons as WorkspaceData['singletons'],
  };
}
