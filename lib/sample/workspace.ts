// The spec's sample data (§9), relative to `now` so the sample always looks current.
import { addDays } from 'date-fns/addDays';
import { subDays } from 'date-fns/subDays';
import { subHours } from 'date-fns/subHours';
import { subMonths } from 'date-fns/subMonths';
import { codeFromHandle } from '../domain/attribution';
import { INVENTORY } from '../domain/constants';
import { englishOf, message, type Message } from '../domain/messages';
import { issueInvoice } from '../domain/billing';
import { SAMPLE_ADMIN_ID, samplePlan } from './defaults';

export { SAMPLE_ADMIN_ID, defaultAutomation, defaultProfile, defaultSettings, samplePlan } from './defaults';
import { buildStepsFromStatus, progressPercentage } from '../domain/funnels';
import type {
  CreatorPayment,
  ActivityEntry,
  AppNotification,
  CalendarEvent,
  Funnel,
  FunnelActivity,
  FunnelCategory,
  FunnelStage,
  FunnelStatus,
  Integration,
  InventoryItem,
  Invoice,
  InvoiceStatus,
  Order,
  SuggestedCreator,
  TeamMember,
  WebhookEvent,
} from '../domain/types';


interface FunnelSeed {
  id: string;
  name: string;
  handle: string;
  status: FunnelStatus;
  category: FunnelCategory;
  activity: FunnelActivity;
  stage: FunnelStage;
  value: number;
  platform: string;
  engagementType: string;
  conversionRate: number;
  engagementRate: number;
  roi: number;
  priority: boolean;
  startedDaysAgo: number;
  dueInDays: number;
  followers: number;
}

const FUNNEL_SEEDS: FunnelSeed[] = [
  { id: 'CR12345', name: 'Sarah Johnson', handle: '@sarahjstyle', status: 'Production', category: 'Influencer', activity: 'Active', stage: 'Production', value: 4500, platform: 'Instagram', engagementType: 'Sponsored Post', conversionRate: 4.2, engagementRate: 6.8, roi: 3.4, priority: true, startedDaysAgo: 40, dueInDays: 20, followers: 245000 },
  { id: 'CR12346', name: 'Mike Chen', handle: '@mikechentech', status: 'Confirmation', category: 'Creator', activity: 'Pending', stage: 'Negotiation', value: 3200, platform: 'YouTube', engagementType: 'Product Review', conversionRate: 3.1, engagementRate: 5.2, roi: 2.8, priority: false, startedDaysAgo: 12, dueInDays: 45, followers: 512000 },
  { id: 'CR12347', name: 'Emma Davis', handle: '@emmadavisfit', status: 'Shipped', category: 'Influencer', activity: 'Completed', stage: 'Delivery', value: 6800, platform: 'TikTok', engagementType: 'Unboxing Video', conversionRate: 5.6, engagementRate: 8.9, roi: 4.1, priority: true, startedDaysAgo: 75, dueInDays: 3, followers: 890000 },
  { id: 'CR12348', name: 'Alex Rivera', handle: '@alexcooks', status: 'Brief', category: 'Brand', activity: 'Active', stage: 'Outreach', value: 2100, platform: 'Instagram', engagementType: 'Story Series', conversionRate: 2.4, engagementRate: 4.5, roi: 1.9, priority: false, startedDaysAgo: 5, dueInDays: 60, followers: 98000 },
  { id: 'CR12349', name: 'Priya Patel', handle: '@priyatravels', status: 'Contract', category: 'Agency', activity: 'Paused', stage: 'Contract', value: 5200, platform: 'YouTube', engagementType: 'Travel Vlog', conversionRate: 3.8, engagementRate: 7.1, roi: 3.0, priority: false, startedDaysAgo: 25, dueInDays: 30, followers: 330000 },
  { id: 'CR12350', name: 'Jordan Lee', handle: '@jordanleebeauty', status: 'Production', category: 'Creator', activity: 'Active', stage: 'Production', value: 3900, platform: 'TikTok', engagementType: 'Tutorial', conversionRate: 4.7, engagementRate: 9.3, roi: 3.7, priority: true, startedDaysAgo: 33, dueInDays: 14, followers: 410000 },
];

export function sampleFunnels(now: Date): Funnel[] {
  return FUNNEL_SEEDS.map((seed, index) => {
    const steps = buildStepsFromStatus(seed.status);
    return {
      id: seed.id,
      creatorName: seed.name,
      creatorHandle: seed.handle,
      creatorAvatar: '',
      status: seed.status,
      category: seed.category,
      activity: seed.activity,
      value: seed.value,
      progressPercentage: progressPercentage(steps),
      assignedTo: index % 2 === 0 ? 'Alex Morgan' : 'Jamie Smith',
      lastUpdated: subHours(now, 2 + index * 7).toISOString(),
      isPriority: seed.priority,
      currentStage: seed.stage,
      engagementType: seed.engagementType,
      platform: seed.platform,
      conversionRate: seed.conversionRate,
      engagementRate: seed.engagementRate,
      roi: seed.roi,
      startDate: subDays(now, seed.startedDaysAgo).toISOString(),
      dueDate: addDays(now, seed.dueInDays).toISOString(),
      daysRemaining: seed.dueInDays,
      steps,
      bio: `${seed.name} creates ${seed.engagementType.toLowerCase()} content on ${seed.platform}.`,
      interestTags: ['Lifestyle', seed.platform],
      email: `${seed.handle.slice(1)}@example.com`,
      followers: seed.followers,
      outreach: [],
      discountCode: codeFromHandle(seed.handle),
      ...(seed.id === SAMPLE_COMMISSIONED.funnelId ? SAMPLE_COMMISSIONED.terms : {}),
    };
  });
}

/** The sample engagement on commission terms, and the payment an Admin marked for it. */
const SAMPLE_COMMISSIONED = { funnelId: 'CR12347', terms: { commissionPercent: 10, flatFee: 500 }, paidDaysAfterStart: 14, amount: 250 } as const;

export function samplePayments(now: Date): CreatorPayment[] {
  const seed = FUNNEL_SEEDS.find((f) => f.id === SAMPLE_COMMISSIONED.funnelId)!;
  return [
    {
      id: 'pay_1',
      funnelId: seed.id,
      paidOn: subDays(now, seed.startedDaysAgo - SAMPLE_COMMISSIONED.paidDaysAfterStart).toISOString().slice(0, 10),
      amount: SAMPLE_COMMISSIONED.amount,
      reference: 'WIRE-0001',
      recordedAt: subDays(now, seed.startedDaysAgo - SAMPLE_COMMISSIONED.paidDaysAfterStart).toISOString(),
      recordedBy: 'Alex Morgan',
    },
  ];
}

export const SUGGESTED_CREATORS: SuggestedCreator[] = [
  { id: 'SC1', name: 'Lena Park', handle: '@lenaparkstyle', avatar: '', matchScore: 95, followers: 182000, engagement: 7.4 },
  { id: 'SC2', name: 'Marcus Hale', handle: '@marcusoutdoors', avatar: '', matchScore: 92, followers: 264000, engagement: 6.1 },
];

export function sampleInventory(now: Date): InventoryItem[] {
  const item = (id: string, sku: string, name: string, quantity: number, location: string, daysAgo: number, unitCost: number): InventoryItem => ({
    id,
    sku,
    name,
    quantity,
    lowStockThreshold: INVENTORY.defaultLowStockThreshold,
    reorderPoint: INVENTORY.defaultReorderPoint,
    lastRestocked: subDays(now, daysAgo).toISOString(),
    location,
    unitCost,
  });
  return [
    item('inv_1', 'SKU-001', 'Wireless Earbuds', 150, 'Warehouse A', 3, 18),
    item('inv_2', 'SKU-002', 'Smart Watch', 8, 'Warehouse B', 12, 74),
    item('inv_3', 'SKU-003', 'Phone Case', 0, 'Warehouse A', 30, 4.5),
    item('inv_4', 'SKU-004', 'Portable Charger', 75, '', 6, 9.8),
    item('inv_5', 'SKU-005', 'Bluetooth Speaker', 5, 'Warehouse C', 20, 31),
  ];
}

export function sampleOrders(now: Date): Order[] {
  const created = (daysAgo: number) => subDays(now, daysAgo).toISOString();
  return [
    {
      id: 'ord_1', kind: 'sale', source: 'Amazon', orderNumber: 'ORD-1001', status: 'New',
      customerEmail: 'olivia.brown@example.com', customerName: 'Olivia Brown', customerPhone: '+1 555 0101',
      shippingAddress: { line1: '12 Market Street', city: 'San Francisco', state: 'CA', postalCode: '94103', country: 'US' },
      items: [{ id: 'oi_1', productId: 'inv_1', name: 'Wireless Earbuds', sku: 'SKU-001', quantity: 2, price: 59.99 }],
      subtotal: 119.98, tax: 9.9, shipping: 8.95, total: 138.83,
      createdAt: created(1), updatedAt: created(1), history: [{ id: 'oh_1', timestamp: created(1), status: 'New' }],
      tags: ['marketplace'], stockDeducted: false,
    },
    {
      id: 'ord_2', kind: 'sale', source: 'eBay', orderNumber: 'ORD-1002', status: 'Processing',
      customerEmail: 'liam.wilson@example.com', customerName: 'Liam Wilson',
      shippingAddress: { line1: '400 Lake Shore Drive', line2: 'Apt 9B', city: 'Chicago', state: 'IL', postalCode: '60611', country: 'US' },
      items: [
        { id: 'oi_2', productId: 'inv_2', name: 'Smart Watch', sku: 'SKU-002', quantity: 1, price: 199 },
        { id: 'oi_3', productId: 'inv_4', name: 'Portable Charger', sku: 'SKU-004', quantity: 2, price: 29.5 },
      ],
      subtotal: 258, tax: 21.29, shipping: 8.95, total: 288.24,
      createdAt: created(3), updatedAt: created(2),
      history: [
        { id: 'oh_2', timestamp: created(3), status: 'New' },
        { id: 'oh_3', timestamp: created(2), status: 'Processing' },
      ],
      notes: 'Gift wrap requested.', tags: [], stockDeducted: true,
    },
    {
      id: 'ord_3', kind: 'sale', source: 'Instagram Shop', orderNumber: 'ORD-1003', status: 'Shipped',
      customerEmail: 'emma.davis@example.com', customerName: 'Emma Davis',
      shippingAddress: { line1: '88 Sunset Blvd', city: 'Los Angeles', state: 'CA', postalCode: '90028', country: 'US' },
      items: [{ id: 'oi_4', productId: 'inv_5', name: 'Bluetooth Speaker', sku: 'SKU-005', quantity: 1, price: 89 }],
      subtotal: 89, tax: 7.34, shipping: 8.95, total: 105.29,
      createdAt: created(6), updatedAt: created(4),
      history: [
        { id: 'oh_4', timestamp: created(6), status: 'New' },
        { id: 'oh_5', timestamp: created(5), status: 'Processing' },
        { id: 'oh_6', timestamp: created(4), status: 'Shipped' },
      ],
      tags: ['creator'], trackingNumber: '1Z999AA10123456784', carrierName: 'UPS', creatorId: 'CR12347', stockDeducted: true,
    },
  ];
}

export function sampleEvents(now: Date): CalendarEvent[] {
  const at = (days: number, hour: number) => {
    const date = addDays(now, days);
    date.setHours(hour, 0, 0, 0);
    return date.toISOString();
  };
  return [
    { id: 'ev_1', title: 'Ship product to Sarah Johnson', start: at(2, 10), end: at(2, 11), type: 'shipment', creatorId: 'CR12345', creatorName: 'Sarah Johnson', status: 'pending', description: 'Wireless Earbuds sample kit.' },
    { id: 'ev_2', title: 'Review Emma Davis unboxing video', start: at(5, 14), end: at(5, 15), type: 'review', creatorId: 'CR12347', creatorName: 'Emma Davis', status: 'pending', description: 'First cut of the unboxing video.' },
  ];
}

// Sample records carry their messages as the product writes them; the English is the messages' English.
const sampleNotification = (id: string, type: AppNotification['type'], title: string, text: Message, timestamp: string, read: boolean): AppNotification => {
  const said = { title: message('activity.details.data', { value: title }), message: text };
  return { id, type, title, message: englishOf(text), timestamp, read, snoozedUntil: null, said };
};

export function sampleNotifications(now: Date): AppNotification[] {
  return [
    sampleNotification('nt_1', 'email', 'Brief delivered', message('domain.funnels.notifyBrief', { creator: 'Alex Rivera' }), subHours(now, 1).toISOString(), false),
    sampleNotification('nt_2', 'sms', 'Product shipped', message('domain.funnels.notifyShipped', { creator: 'Emma Davis' }), subHours(now, 5).toISOString(), false),
    sampleNotification('nt_3', 'slack', 'Production started', message('domain.funnels.notifyProduction', { creator: 'Jordan Lee' }), subDays(now, 1).toISOString(), true),
  ];
}

const sampleEntry = (entry: Omit<ActivityEntry, 'action' | 'details' | 'message'>, action: Message, details: Message): ActivityEntry => ({
  ...entry,
  action: englishOf(action),
  details: englishOf(details),
  message: { action, details },
});

export function sampleTeam(): TeamMember[] {
  return [
    { id: SAMPLE_ADMIN_ID, name: 'Alex Morgan', email: 'alex.morgan@creatorflow.example', role: 'Admin', status: 'Active', permissions: { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true } },
    { id: 'tm_2', name: 'Jamie Smith', email: 'jamie.smith@creatorflow.example', role: 'Editor', status: 'Active', permissions: { editAutomations: true, sendOutreach: true, manageTeam: false, viewAnalytics: true } },
    { id: 'tm_3', name: 'Taylor Reed', email: 'taylor.reed@creatorflow.example', role: 'Viewer', status: 'Active', permissions: { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: true } },
  ];
}


/** The last three monthly invoices, each issued on a renewal day of the sample plan (a month apart, ending a month before the next renewal). */
export function sampleInvoices(now: Date): Invoice[] {
  const plan = samplePlan(now);
  const renewal = new Date(plan.renewalDate);
  const statuses: InvoiceStatus[] = ['paid', 'pending', 'failed'];
  return statuses.map((status, index) => issueInvoice(plan, subMonths(renewal, index + 1), status));
}

export function sampleIntegrations(now: Date): Integration[] {
  return [
    { id: 'google-analytics', name: 'Google Analytics', description: 'Track campaign traffic and conversions.', category: 'analytics', status: 'connected', lastSync: subHours(now, 3).toISOString() },
    { id: 'mixpanel', name: 'Mixpanel', description: 'Product analytics for creator campaigns.', category: 'analytics', status: 'disconnected', lastSync: null },
    { id: 'mailchimp', name: 'Mailchimp', description: 'Email outreach to creators.', category: 'communication', status: 'connected', lastSync: subDays(now, 1).toISOString() },
    { id: 'twilio', name: 'Twilio', description: 'SMS notifications to creators.', category: 'communication', status: 'disconnected', lastSync: null },
    { id: 'shopify', name: 'Shopify', description: 'Sync orders and inventory.', category: 'ecommerce', status: 'disconnected', lastSync: null },
    { id: 'amazon', name: 'Amazon', description: 'Import marketplace orders.', category: 'ecommerce', status: 'disconnected', lastSync: null },
    { id: 'ebay', name: 'eBay', description: 'Import marketplace orders.', category: 'ecommerce', status: 'disconnected', lastSync: null },
    { id: 'instagram-shop', name: 'Instagram Shop', description: 'Sell through your social storefront.', category: 'ecommerce', status: 'disconnected', lastSync: null },
    { id: 'custom-webhook', name: 'Custom Webhook', description: 'Send events to your own endpoint.', category: 'webhooks', status: 'disconnected', lastSync: null },
  ];
}

export function sampleWebhookEvents(now: Date): WebhookEvent[] {
  return [
    { id: 'evt_1', type: 'funnel.status.updated', timestamp: subHours(now, 2).toISOString(), status: 'delivered', payload: { funnelId: 'CR12345', from: 'Contract', to: 'Production' } },
    { id: 'evt_2', type: 'creator.onboarded', timestamp: subHours(now, 9).toISOString(), status: 'delivered', payload: { creatorId: 'CR12350', handle: '@jordanleebeauty' } },
    { id: 'evt_3', type: 'payment.succeeded', timestamp: subDays(now, 1).toISOString(), status: 'failed', payload: { invoiceId: sampleInvoices(now)[0].id, amount: 49, currency: 'USD' } },
  ];
}

export function sampleActivity(now: Date): ActivityEntry[] {
  return [
    sampleEntry(
      { id: 'act_s1', timestamp: subHours(now, 2).toISOString(), userId: SAMPLE_ADMIN_ID, userName: 'Alex Morgan', userAvatar: '', actionType: 'funnel', status: 'success' },
      message('activity.action.funnelStatusUpdated'),
      message('activity.details.movedTo', { name: 'Sarah Johnson', status: 'Production' }),
    ),
    sampleEntry(
      { id: 'act_s2', timestamp: subHours(now, 6).toISOString(), userId: 'tm_2', userName: 'Jamie Smith', userAvatar: '', actionType: 'creator', status: 'success' },
      message('activity.action.outreachSent'),
      message('domain.funnels.messageSent', { handle: '@mikechentech' }),
    ),
    sampleEntry(
      { id: 'act_s3', timestamp: subDays(now, 1).toISOString(), userId: 'system', userName: 'System', userAvatar: '', actionType: 'system', status: 'error' },
      message('activity.action.webhookFailed'),
      message('activity.details.couldNotDeliver', { event: 'payment.succeeded' }),
    ),
    sampleEntry(
      { id: 'act_s4', timestamp: subDays(now, 2).toISOString(), userId: SAMPLE_ADMIN_ID, userName: 'Alex Morgan', userAvatar: '', actionType: 'notification', status: 'warning' },
      message('activity.action.notificationSnoozed'),
      message('activity.details.snoozedFor', { hours: 4 }),
    ),
  ];
}


