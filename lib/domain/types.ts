// Entity types of spec §3. Pure data: no React, no signals, no DOM.
import { englishOf, message, type Message, type MessageKey } from './messages';

/** Every record the store keeps in a collection has a string id. */
export interface Entity {
  id: string;
}

/**
 * A rule that can fail returns this; it never throws for user input. A team server's refusal also
 * carries its stable `code` and values (lib/domain/server-errors.ts), for a screen to say it in its language.
 */
export type Result<T = void> =
  | { ok: true; value: T; message?: string; messages?: string[]; notice?: Message; notices?: Message[] }
  | { ok: false; error: string; code?: string; params?: Record<string, string | number>; problem?: Message };

export const ok = <T>(value: T, message?: string): Result<T> =>
  message === undefined ? { ok: true, value } : { ok: true, value, message };
export const fail = <T = never>(error: string): Result<T> => ({ ok: false, error });

/** A rule's refusal as a message: `problem` for the screens, its English as `error` for the server and the logs. */
export const refuse = <T = never>(key: MessageKey, values?: Message['values']): Result<T> => {
  const problem = message(key, values);
  return { ok: false, error: englishOf(problem), problem };
};
/** A rule's refusal of one input, `field` naming it as the draft does (customerEmail, items.0.price). */
export const refuseInput = <T = never>(field: string, key: MessageKey, values?: Message['values']): Result<T> => Object.assign(refuse<T>(key, values), { field });
/** The input a refusal is about (refuseInput), if it is about one. */
export const refusedInput = (result: Result<unknown>): string | undefined => {
  const field = result.ok ? undefined : (result as { field?: unknown }).field;
  return typeof field === 'string' ? field : undefined;
};
/** A refusal that names the input field it is about (`params.field`), for a form to mark it. */
export const refuseField = (key: MessageKey, field: string, values?: Message['values']): Result<never> => Object.assign(refuseInput<never>(field, key, values), { params: { field } });
/** A success with a message: `notice` for the screens, its English as `message`. */
export const accept = <T>(value: T, key: MessageKey, values?: Message['values']): Result<T> => {
  const notice = message(key, values);
  return { ok: true, value, message: englishOf(notice), notice };
};

// ---------- Funnels (spec §3, §4) ----------
export const FUNNEL_STATUSES = ['Brief', 'Confirmation', 'Contract', 'Production', 'Shipped'] as const;
export type FunnelStatus = (typeof FUNNEL_STATUSES)[number];

/** Filter-panel values of the funnel list (spec §2 "Funnel list"). */
export const FUNNEL_FILTER_STATUSES = ['Active', 'Pending', 'Completed', 'Paused'] as const;
export const FUNNEL_CATEGORIES = ['Influencer', 'Creator', 'Brand', 'Agency'] as const;
export const FUNNEL_STAGES = ['Outreach', 'Negotiation', 'Contract', 'Production', 'Delivery'] as const;
export type FunnelCategory = (typeof FUNNEL_CATEGORIES)[number];
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export type FunnelActivity = (typeof FUNNEL_FILTER_STATUSES)[number];

export interface Step {
  name: string;
  description: string;
  completed: boolean;
  current: boolean;
}

export interface Funnel extends Entity {
  /** Pattern like CR12345. */
  id: string;
  creatorName: string;
  creatorHandle: string;
  /** Image URL, or empty: an initials avatar is drawn locally. */
  creatorAvatar: string;
  status: FunnelStatus;
  category: FunnelCategory;
  /** Activity state matched by the Status filter (Active, Pending, Completed, Paused). */
  activity: FunnelActivity;
  value: number;
  progressPercentage: number;
  assignedTo: string;
  /** ISO timestamp; shown as relative text. */
  lastUpdated: string;
  isPriority: boolean;
  currentStage: FunnelStage;
  engagementType: string;
  platform: string;
  conversionRate: number;
  engagementRate: number;
  roi: number;
  /** ISO date. */
  startDate: string;
  /** ISO date. */
  dueDate: string;
  daysRemaining: number;
  steps: Step[];
  bio?: string;
  interestTags?: string[];
  email?: string;
  followers?: number;
  /** Messages sent to the creator, newest last. */
  outreach?: OutreachMessage[];
  /** What the campaign is for (New Funnel wizard), e.g. 'Product launch'. */
  objective?: string;
  /** What the creator delivers (New Funnel wizard). */
  deliverables?: Deliverable[];
  /** What the creator answered on their portal, each with when. */
  portal?: CreatorAnswers;
  /** How many products, and of what value, the creator may choose on the portal. */
  giftAllowance?: GiftAllowance;
  /** The discount code a shop applies and the tracking link counts; unique in the workspace in any letter case. */
  discountCode?: string;
  /** Commission: this percentage (0 to 100, up to 2 decimals) of the engagement's attributed net sales, by month. */
  commissionPercent?: number;
  /** A flat fee in the workspace currency, earned in the month the engagement starts. */
  flatFee?: number;
}

/** A payment an Admin recorded as made to a creator for an engagement; Creatorflow itself never moves money. */
export interface CreatorPayment extends Entity {
  /** The engagement (funnel) it pays. */
  funnelId: string;
  /** yyyy-MM-dd: when it was paid. */
  paidOn: string;
  amount: number;
  /** The bank or payout reference, as the Admin typed it. */
  reference: string;
  /** ISO timestamp it was recorded. */
  recordedAt: string;
  recordedBy: string;
}

/** How many products, and of what value at most, a creator may choose (set by staff on the funnel). */
export interface GiftAllowance {
  maxItems: number;
  maxValue: number;
}

export interface DeliverableLink {
  url: string;
  note: string;
}

/** What the creator answered on the portal, each with when. */
export interface CreatorAnswers {
  /** The language the creator chose on the portal (their emails follow it). */
  language?: 'en-US' | 'es' | 'fr';
  confirmedAt?: string;
  declinedAt?: string;
  address?: Address;
  addressAt?: string;
  /** The draft order made from the chosen products. */
  orderId?: string;
  productsAt?: string;
  briefAcknowledgedAt?: string;
  deliverableLinks?: DeliverableLink[];
  deliverablesAt?: string;
  optedOutAt?: string;
}

export interface Deliverable {
  /** The kind of content, e.g. 'Unboxing Video'. */
  contentType: string;
  count: number;
  /** ISO date. */
  dueDate: string;
  notes: string;
}

export interface OutreachMessage {
  id: string;
  timestamp: string;
  message: string;
  sentBy: string;
  /** The email that carries it, as the mail outbox last said (none: kept in the history only, e.g. no address). */
  delivery?: OutreachDelivery;
}

/** Where an outreach email stands: queued in the outbox, accepted by the mail server (or written as .eml), or failed with its reason. */
export interface OutreachDelivery {
  status: 'queued' | 'sent' | 'failed';
  /** The mail server's or transport's words, when it failed. */
  reason?: string;
  /** True once the outbox gave up retrying. */
  givenUp?: boolean;
  /** When it last changed. */
  at: string;
  /** The activity entry that follows this email. */
  activityId?: string;
}

export interface SuggestedCreator extends Entity {
  name: string;
  handle: string;
  avatar: string;
  matchScore: number;
  followers: number;
  engagement: number;
}

/** Grid layouts by breakpoint name (lg, md, sm, xs, xxs). */
export type DashboardLayouts = Partial<Record<string, GridItem[]>>;

export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
  minW?: number;
  maxW?: number;
  minH?: number;
  maxH?: number;
  static?: boolean;
  isDraggable?: boolean;
  isResizable?: boolean;
}

// ---------- Team (spec §3, §6) ----------
export const ROLES = ['Admin', 'Editor', 'Viewer'] as const;
export type Role = (typeof ROLES)[number];
export const PERMISSIONS = ['editAutomations', 'sendOutreach', 'manageTeam', 'viewAnalytics'] as const;
export type Permission = (typeof PERMISSIONS)[number];
export type Permissions = Record<Permission, boolean>;
export type MemberStatus = 'Active' | 'Pending';

export interface TeamMember extends Entity {
  name: string;
  email: string;
  role: Role;
  status: MemberStatus;
  permissions: Permissions;
}

// ---------- Notifications ----------
export const NOTIFICATION_TYPES = ['email', 'sms', 'slack'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface AppNotification extends Entity {
  type: NotificationType;
  title: string;
  message: string;
  /** ISO timestamp. */
  timestamp: string;
  read: boolean;
  /** ISO timestamp, or null when not snoozed. */
  snoozedUntil: string | null;
  /** The title and text as messages, said in each reader's language; `title` and `message` are their English. */
  said?: NotificationMessage;
}

/** What a notification says, as catalog keys and values (notifications from before it have none). */
export interface NotificationMessage {
  title: Message;
  message: Message;
}

// ---------- Billing ----------
export interface Plan {
  name: string;
  price: number;
  billingCycle: 'month' | 'year';
  renewalDate: string;
  features: string[];
}

export interface Usage {
  creatorsUsed: number;
  creatorsLimit: number;
  storageUsedGb: number;
  storageLimitGb: number;
}

export type InvoiceStatus = 'paid' | 'pending' | 'failed';
export interface Invoice extends Entity {
  date: string;
  amount: number;
  status: InvoiceStatus;
  downloadUrl: string;
  /** What was billed, fixed when the invoice was issued ('Creatorflow Pro plan, 1 month'). */
  description?: string;
}

// ---------- Integrations / developer ----------
export type IntegrationCategory = 'analytics' | 'communication' | 'ecommerce' | 'webhooks';
export interface Integration extends Entity {
  name: string;
  description: string;
  category: IntegrationCategory;
  status: 'connected' | 'disconnected';
  lastSync: string | null;
  /**
   * Set once credentials are saved: what a screen may show of them (Admins only). The values
   * themselves stay on the server (or, without one, are not kept at all).
   */
  credentials?: IntegrationCredentials;
}

export interface IntegrationCredentials {
  /** The API key's last four characters ("•••• 1234"); empty when the key is too short to show any. */
  apiKeyHint: string;
  /** The webhook URL's host, when one is set: its path and query often carry a token. */
  webhookHost?: string;
}

export interface ApiParameter {
  name: string;
  type: string;
  required: boolean;
  description: string;
}
export interface ApiEndpointDoc {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  description: string;
  parameters: ApiParameter[];
  response: string;
  statusCode?: number;
}

/** The events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = ['funnel.status.updated', 'creator.onboarded', 'order.created', 'order.status.updated', 'order.attributed', 'inventory.low_stock'] as const;
/**
 * Events no longer sent: nothing in the product takes payments, so no change could cause
 * payment.succeeded. Stored endpoints and past deliveries may still name it.
 */
export const RETIRED_WEBHOOK_EVENT_TYPES = ['payment.succeeded'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | (typeof RETIRED_WEBHOOK_EVENT_TYPES)[number];
export interface WebhookEvent extends Entity {
  type: WebhookEventType;
  timestamp: string;
  status: 'delivered' | 'failed' | 'pending';
  payload: Record<string, unknown>;
}

// ---------- Activity ----------
export type ActivityType = 'creator' | 'funnel' | 'notification' | 'system';
/** `queued`: a message waiting in the mail outbox (its entry changes when it is sent or fails). */
export type ActivityStatus = 'success' | 'warning' | 'error' | 'queued';
export interface ActivityEntry extends Entity {
  timestamp: string;
  userId: string;
  userName: string;
  userAvatar: string;
  action: string;
  actionType: ActivityType;
  details: string;
  status: ActivityStatus;
  metadata?: Record<string, string | number | boolean>;
  /** The action and details as messages, said in each reader's language; `action` and `details` are their English. */
  message?: ActivityMessage;
}

/** What an activity entry says, as catalog keys and values (entries from before it have none). */
export interface ActivityMessage {
  action: Message;
  details: Message;
}

// ---------- CSV ----------
export const SYSTEM_FIELDS = [
  'creator_handle',
  'creator_name',
  'email',
  'platform',
  'followers',
  'engagement_rate',
  'category',
] as const;
export type SystemField = (typeof SYSTEM_FIELDS)[number];

export type ExportTypeId = 'creators' | 'funnels' | 'analytics';
export interface ExportType {
  id: ExportTypeId;
  name: string;
  description: string;
  icon: string;
  fields: string[];
}
export interface DateRange {
  start: string;
  end: string;
}

// ---------- Help ----------
export type FaqCategory = 'Getting Started' | 'Basics' | 'Analytics';
export interface Faq extends Entity {
  question: string;
  answer: string;
  category: FaqCategory;
  tags: string[];
}
export interface VideoTutorial extends Entity {
  title: string;
  description: string;
  url: string;
  thumbnail: string;
  duration: string;
  category: 'getting-started' | 'advanced';
}

// ---------- Profile / settings / onboarding ----------
export const CHANNELS = ['email', 'sms', 'slack', 'browser'] as const;
export type Channel = (typeof CHANNELS)[number];
export interface Profile {
  name: string;
  email: string;
  notifications: Record<Channel, boolean>;
}
export interface ProfileForm extends Profile {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const TIME_ZONES = [
  { value: 'America/Los_Angeles', label: 'Pacific Time (PT)' },
  { value: 'America/New_York', label: 'Eastern Time (ET)' },
  { value: 'UTC', label: 'UTC' },
] as const;
export type TimeZone = (typeof TIME_ZONES)[number]['value'];
export const LANGUAGES = [
  { value: 'en-US', label: 'English (US)' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
] as const;
export type Language = (typeof LANGUAGES)[number]['value'];

export interface GeneralSettings {
  companyName: string;
  timeZone: TimeZone;
  language: Language;
  /** The brand's shop (https), where tracking links send visitors (Settings › Integrations). */
  shopUrl?: string;
}

export interface AutomationDefaults {
  payment: boolean;
  shipment: boolean;
  review: boolean;
}
export interface AutomationFlow extends Entity {
  name: string;
  trigger: string;
  enabled: boolean;
}

// ---------- Calendar ----------
export const EVENT_TYPES = ['shipment', 'reminder', 'review'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export interface CalendarEvent extends Entity {
  title: string;
  /** ISO timestamp. */
  start: string;
  /** ISO timestamp. */
  end: string;
  type: EventType;
  creatorId: string;
  creatorName: string;
  status: string;
  description: string;
}

// ---------- Orders ----------
export const ORDER_STATUSES = ['New', 'Processing', 'Shipped', 'Delivered', 'Canceled', 'Refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * A gift ships to a creator (portal, funnel, New Order for a creator): nobody pays it, so it
 * carries no tax or shipping charge, and it costs the brand its items at unit cost plus its
 * shipping cost. A sale is a paying customer's order from a shop or the API: it is revenue.
 */
export const ORDER_KINDS = ['gift', 'sale'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export interface Address {
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}
export interface OrderItem {
  id: string;
  productId: string;
  name: string;
  sku: string;
  quantity: number;
  price: number;
  variantId?: string;
  variantName?: string;
}
export interface OrderHistoryEntry {
  id: string;
  timestamp: string;
  status: OrderStatus;
  /** In English, as the CSV export and the API give it. */
  note?: string;
  /** The note as a message, said in each reader's language (notes from before it have none). */
  said?: Message;
}
export interface Order extends Entity {
  /** Gift (a cost) or sale (revenue). */
  kind: OrderKind;
  source: string;
  orderNumber: string;
  status: OrderStatus;
  customerEmail: string;
  customerName: string;
  customerPhone?: string;
  shippingAddress: Address;
  items: OrderItem[];
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  createdAt: string;
  updatedAt: string;
  history: OrderHistoryEntry[];
  notes?: string;
  tags: string[];
  trackingNumber?: string;
  carrierName?: string;
  /** The funnel (creator) this order ships to, if any. */
  creatorId?: string;
  /** True while this order's items are deducted from inventory, so stock is deducted once per order. */
  stockDeducted?: boolean;
  /** A gift's shipping cost to the brand (never charged to anyone). */
  shippingCost?: number;
  /** The creator a sale is attributed to: their funnel, its code, the handle, and the rule that matched. */
  attribution?: OrderAttribution;
  /** A sale's refunds as the shop sent them (each once, by its id): the goods' amount each takes back. */
  refunds?: OrderRefund[];
}
/** A refund of a sale: the shop's own id (a repeat is the same refund) and the goods' amount it takes back, before tax and shipping. */
export interface OrderRefund {
  id: string;
  amount: number;
}
export interface OrderAttribution {
  funnelId: string;
  code: string;
  handle: string;
  /** code, ref, utm (matched from the shop's order) or manual (set by a member). */
  rule: 'code' | 'ref' | 'utm' | 'manual';
}
export interface OrderFilters {
  status: OrderStatus[];
  search: string;
  dateRange: [string | null, string | null];
}

// ---------- Inventory ----------
export interface InventoryItem extends Entity {
  sku: string;
  name: string;
  quantity: number;
  lowStockThreshold: number;
  reorderPoint: number;
  /** ISO timestamp. */
  lastRestocked: string;
  location: string;
  /** What one unit costs the brand, in the workspace currency; absent until someone enters it. */
  unitCost?: number;
  /** What the shop sells one unit for, if known. */
  retailPrice?: number;
}
export type InventoryStatus = 'in-stock' | 'low-stock' | 'out-of-stock';

/** The Change Password part of the profile form. */
export type PasswordChange = Pick<ProfileForm, 'currentPassword' | 'newPassword' | 'confirmPassword'>;
