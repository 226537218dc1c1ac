// The names of every record type and singleton of a workspace, with the TypeScript type
// each one holds. Browser store, mutators and server database all key on these names.
import type {
  ActivityEntry,
  AppNotification,
  AutomationDefaults,
  CalendarEvent,
  Funnel,
  GeneralSettings,
  Integration,
  InventoryItem,
  Invoice,
  Order,
  Plan,
  Profile,
  TeamMember,
  WebhookEvent,
} from '../domain/types';
import type { DeveloperSettings } from '../domain/developer';
import type { DashboardLayouts } from '../domain/types';
import type { CriteriaGroup } from '../sample/suggestions';

/** Collections: many records with an `id` each. */
export interface RecordTypes {
  funnels: Funnel;
  orders: Order;
  inventory: InventoryItem;
  events: CalendarEvent;
  notifications: AppNotification;
  team: TeamMember;
  activity: ActivityEntry;
  invoices: Invoice;
  integrations: Integration;
  webhookEvents: WebhookEvent;
}

/** Singletons: one value per workspace. */
export interface SingletonTypes {
  settings: GeneralSettings;
  profile: Profile;
  plan: Plan;
  automationDefaults: AutomationDefaults;
  developer: DeveloperSettings;
  /** Dashboard grid layout per member id. */
  dashboardLayout: Record<string, DashboardLayouts>;
  matchingCriteria: Record<CriteriaGroup, string[]>;
}

export type CollectionName = keyof RecordTypes;
export type SingletonName = keyof SingletonTypes;
export type RecordOf<C extends CollectionName> = RecordTypes[C];
export type SingletonOf<S extends SingletonName> = SingletonTypes[S];

export const COLLECTION_NAMES = [
  'funnels',
  'orders',
  'inventory',
  'events',
  'notifications',
  'team',
  'activity',
  'invoices',
  'integrations',
  'webhookEvents',
] as const satisfies readonly CollectionName[];

export const SINGLETON_NAMES = [
  'settings',
  'profile',
  'plan',
  'automationDefaults',
  'developer',
  'dashboardLayout',
  'matchingCriteria',
] as const satisfies readonly SingletonName[];
