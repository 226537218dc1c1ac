// What a new workspace starts with: the sample workspace (lib/sample), with the team reduced to
// its owner (invited members join through invitations), and every singleton present.
import { sampleWorkspace, SAMPLE_ADMIN_ID } from '../../lib/sample';
import { defaultAutomation, defaultProfile, defaultSettings, defaultWebhookSettings, samplePlan } from '../../lib/sample/defaults';
import { DEFAULT_MATCHING_CRITERIA } from '../../lib/sample/suggestions';
import type { Permissions } from '../../lib/domain/types';
import { SINGLETON_NAMES, type CollectionName, type RecordOf, type SingletonName, type SingletonOf } from '../../lib/schema/names';

export const OWNER_MEMBER_ID = SAMPLE_ADMIN_ID;
export const ALL_PERMISSIONS: Permissions = { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true };

/** A singleton's value when its row does not exist yet. */
export function singletonDefault<S extends SingletonName>(name: S, nowIso: string): SingletonOf<S> {
  const defaults: { [K in SingletonName]: () => SingletonOf<K> } = {
    settings: defaultSettings,
    profile: defaultProfile,
    plan: () => samplePlan(new Date(nowIso)),
    automationDefaults: defaultAutomation,
    developer: () => defaultWebhookSettings(),
    dashboardLayout: () => ({}),
    matchingCriteria: () => structuredClone(DEFAULT_MATCHING_CRITERIA),
  };
  return defaults[name]();
}

export interface WorkspaceData {
  collections: { [C in Exclude<CollectionName, 'team'>]: RecordOf<C>[] };
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
    collections: { funnels: [], orders: [], inventory: [], events: [], notifications: [], activity: [], invoices: [], integrations: [], webhookEvents: [] },
    singletons: singletons as WorkspaceData['singletons'],
  };
}
