// Business constants and limits of spec §9, word for word where they are texts.
import type { Permission } from './types';

/** The largest count stored: stock on hand, thresholds, an order line's quantity, deliverables (1,000,000,000). */
export const MAX_QUANTITY = 1_000_000_000;
/** The largest amount in dollars: a unit price, a campaign budget, an order's subtotal (10,000,000.00: 1,000,000,000 cents, exact in a double). */
export const MAX_AMOUNT = 10_000_000;

/** What each permission flag lets a member do, in words a user reads (never the flag's name). */
export const PERMISSION_ABILITY: Record<Permission, string> = {
  editAutomations: 'edit automations',
  sendOutreach: 'send outreach',
  manageTeam: 'manage the team',
  viewAnalytics: 'view analytics',
};

export const TOAST = {
  limit: 20,
  durationMs: { blank: 4000, error: 4000, custom: 4000, success: 2000, loading: Infinity },
  removeDelayMs: 1000,
} as const;

export const GRID_BREAKPOINTS = { lg: 1200, md: 996, sm: 768, xs: 480, xxs: 0 } as const;
export const GRID_COLS = { lg: 12, md: 10, sm: 6, xs: 4, xxs: 2 } as const;
export const DASHBOARD_GRID = { cols: 12, rowHeight: 100, margin: [16, 16] as [number, number] } as const;

export const HEATMAP = { min: 3.8, max: 4.5, whiteTextAbove: 3.5 } as const;

export const AI_COMPATIBILITY_SCORES = [95, 88, 82, 78] as const;

export const ANALYTICS_PERIODS = [
  { value: '6m', label: 'Last 6 months', months: 6 },
  { value: '12m', label: 'Last 12 months', months: 12 },
] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number]['value'];
export const DEFAULT_ANALYTICS_PERIOD: AnalyticsPeriod = '6m';

export const SNOOZE_HOURS = [1, 4, 8, 24] as const;

export const SAMPLE_PLAN_FEATURES = [
  'Up to 50 creator funnels',
  'Advanced analytics',
  'Email and phone support',
  'Custom integrations',
] as const;

export const CSV = {
  previewRows: 5,
  simulatedImportMs: 2000,
  maxUploadBytes: 10 * 1024 * 1024,
  maxUploadLabel: '10MB',
} as const;
export const activityExportFileName = (date: string) => `activity-log-${date}.csv`;
export const exportFileName = (type: string, yyyyMMdd: string) => `export-${type}-${yyyyMMdd}.csv`;

export const API_KEY_PREFIX = 'sk_test_';

export const DATE_FORMATS = {
  date: 'MMM d, yyyy',
  time: 'HH:mm',
  history: 'MMM d, HH:mm',
  dateTime: 'MMM d, yyyy HH:mm',
} as const;

export const ONBOARDING_STEPS = 3;
export const CONNECT_SIMULATION_MS = 1500;
export const SETTINGS_TABS = [
  { id: 'general', label: 'General Settings' },
  { id: 'profile', label: 'User Profile' },
  { id: 'team', label: 'Team Settings' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'billing', label: 'Billing & Subscription' },
  { id: 'integrations', label: 'Integrations' },
  { id: 'developer', label: 'Developer Portal' },
  { id: 'activity', label: 'Activity Log' },
  { id: 'import', label: 'Import Data' },
  { id: 'export', label: 'Export Data' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['id'];
export const EXPORT_GRID_COLUMNS = 3;

export const INVENTORY = {
  defaultLowStockThreshold: 10,
  defaultReorderPoint: 20,
  flatUnitValue: 25,
} as const;

export const FULFILMENT_FEES = {
  pickAndPackPerUnit: 2.5,
  shippingFlat: 8.95,
  handlingFlat: 1.5,
} as const;

export const CALENDAR = {
  initialView: 'dayGridMonth',
  slotMinutes: 30,
  dragScrollEdgePx: 50,
  maxScrollSpeedPxPerSec: 300,
  touchMouseIgnoreWaitMs: 500,
} as const;

export const TOP_SEARCH_MIN_CHARS = 3; // suggestions after more than 2 characters
export const MAINTENANCE = { estimateMinutes: 15, progressPercent: 60 } as const;
export const LEGAL = { lastUpdated: 'March 15, 2024', childrenAgeLimit: 13 } as const;

/** Messages of spec §8, exact texts. */
export const MESSAGES = {
  enterEmail: 'Please enter an email address',
  passwordsMismatch: 'New passwords do not match',
  requiredFields: 'Please fill in all required fields',
  skuAndName: 'Please fill in SKU and name',
  insufficientInventory: 'Insufficient inventory for this order',
  trackingAndCarrier: 'Please enter tracking number and carrier',
  failedToConnect: (provider: string) => `Failed to connect to ${provider}`,
  invitationSent: 'Invitation sent successfully',
  memberRemoved: 'Team member removed',
  snoozed: (hours: number) => `Notification snoozed for ${hours} hours`,
  apiKeyCopied: 'API key copied to clipboard',
  apiKeyRegenerated: 'API key regenerated successfully',
  dataImported: 'Data imported successfully',
  profileUpdated: 'Profile updated successfully',
  eventAdded: 'Event added successfully',
  eventUpdated: 'Event updated successfully',
  eventDeleted: 'Event deleted successfully',
  inventoryAdded: 'Inventory item added successfully',
  quantityUpdated: 'Quantity updated successfully',
  orderStatusUpdated: (status: string) => `Order status updated to ${status}`,
  notesSaved: 'Notes saved successfully',
  shippedWithTracking: 'Shipping information added and order marked as shipped',
  connecting: (provider: string) => `Connecting to ${provider}...`,
  connected: (provider: string) => `Successfully connected to ${provider}!`,
  // Ours: refusals the spec has no message for, said plainly.
  readOnly: 'Your role cannot make changes in this workspace',
  adminOnly: 'Only Admins can configure integrations',
  missingPermission: (permission: Permission) => `You do not have permission to ${PERMISSION_ABILITY[permission]}`,
} as const;
