// Every /api/v1 route declared once (defineApiRoute): its valibot schemas, its words, the
// refusals its handler gives. Fastify validates with them and the OpenAPI document follows them.
import * as v from 'valibot';
import { FUNNEL_STATUSES, ORDER_STATUSES, ROLES } from '../../../lib/domain/types';
import { EMBED_SCREEN_NAMES } from '../embed';
import { defineApiRoute } from '../openapi';
import { CAMPAIGN_ROUTES, funnelView, inventoryView, orderView, pathSku, requiredText, textField } from './campaign';
import { limit, startingAfter, unknownParameter } from './params';
import { RESULTS_ROUTES } from './results';

export { API_WEBHOOKS } from './webhook-events';

const listQuery = <S extends readonly string[]>(statuses: S, description: string) =>
  v.strictObject(
    {
      limit,
      starting_after: startingAfter,
      status: v.optional(v.pipe(v.picklist(statuses, `status must be one of ${statuses.join(', ')}`), v.description(description))),
    },
    unknownParameter,
  );
const pathId = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'id is malformed'), v.description('The record id.')) });

const creator = v.object({
  id: v.pipe(v.string(), v.description('The creator (and funnel) id, e.g. CR12345.')),
  name: v.string(),
  handle: v.string(),
  platform: v.string(),
  status: v.picklist(FUNNEL_STATUSES),
  category: v.string(),
  value: v.number(),
  assignedTo: v.string(),
  lastUpdated: v.string(),
});
const inventoryItem = inventoryView;
const page = <S extends v.GenericSchema>(name: string, item: S) =>
  v.object({ [name]: v.array(item), total: v.pipe(v.number(), v.description('How many match, on every page.')), has_more: v.boolean() });

export const API_ROUTES = {
  listCreators: defineApiRoute({
    method: 'GET',
    url: '/api/v1/creators',
    summary: 'List the creators in your workspace, newest first.',
    query: listQuery(FUNNEL_STATUSES, 'Only creators whose funnel has this status.'),
    responses: { 200: page('creators', creator) },
  }),
  createFunnel: defineApiRoute({
    method: 'POST',
    url: '/api/v1/funnels',
    summary: 'Start a funnel at Brief for a creator of the workspace (a new engagement, refused while they have an open one) or a suggested creator (Smart Matching). Send an Idempotency-Key header to retry safely.',
    body: v.object({
      creatorId: v.pipe(v.string('creatorId is required'), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'creatorId must be a creator id such as CR12345 or SC1'), v.description('A creator id of the workspace (CR12345) or a suggested creator id (SC1).')),
      type: v.pipe(v.string('type is required'), v.trim(), v.nonEmpty('type is required'), v.maxLength(100, 'type is at most 100 characters'), v.description('The engagement type, e.g. "Sponsored Post".')),
    }),
    responses: { 201: v.object({ id: v.string(), status: v.picklist(FUNNEL_STATUSES) }) },
    refusals: [403, 404, 409],
    idempotent: true,
  }),
  getFunnel: defineApiRoute({
    method: 'GET',
    url: '/api/v1/funnels/:id',
    summary: 'One funnel with its steps, its discount code and tracking link, and what it measured over all time.',
    params: pathId,
    responses: { 200: funnelView },
    refusals: [404],
  }),
  ...RESULTS_ROUTES,
  listOrders: defineApiRoute({
    method: 'GET',
    url: '/api/v1/orders',
    summary: 'List orders, in the order the Orders screen shows them.',
    query: listQuery(ORDER_STATUSES, 'Only orders with this status.'),
    responses: { 200: page('orders', orderView) },
  }),
  getOrder: defineApiRoute({
    method: 'GET',
    url: '/api/v1/orders/:id',
    summary: 'One order of the workspace, as the list shows it.',
    params: pathId,
    responses: { 200: orderView },
    refusals: [404],
  }),
  updateOrder: defineApiRoute({
    method: 'PATCH',
    url: '/api/v1/orders/:id',
    summary:
      'Change an order’s status, set its tracking number and carrier, or its notes: any of them, at least one. Stock is checked, deducted or returned by the same rules as the Orders screen; a tracking number and carrier come together and ship the order, as Save & Ship does (an order already Shipped keeps its status and gets the new tracking). The change is refused as a whole, nothing saved, when a rule refuses any part of it.',
    params: pathId,
    body: v.object({
      status: v.optional(v.pipe(v.picklist(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`), v.description('The new status.'))),
      trackingNumber: v.optional(requiredText('trackingNumber', 200, 'The shipment’s tracking number; send carrierName with it.')),
      carrierName: v.optional(requiredText('carrierName', 200, 'The carrier, e.g. UPS; send trackingNumber with it.')),
      notes: v.optional(textField('notes', 10_000, 'The order’s notes, replacing what they were (an empty text clears them).')),
    }),
    responses: { 200: orderView },
    refusals: [403, 404, 409, 422],
  }),
  listInventory: defineApiRoute({
    method: 'GET',
    url: '/api/v1/inventory',
    summary: 'List inventory items with their stock status.',
    query: v.strictObject({ limit, starting_after: startingAfter }, unknownParameter),
    responses: { 200: page('items', inventoryItem) },
  }),
  getInventoryItem: defineApiRoute({
    method: 'GET',
    url: '/api/v1/inventory/:sku',
    summary: 'One inventory item by its SKU (any letter case), with its stock status.',
    params: pathSku,
    responses: { 200: inventoryItem },
    refusals: [404],
  }),
  createEmbedSession: defineApiRoute({
    method: 'POST',
    url: '/api/v1/embed_sessions',
    summary: 'From your backend: a short-lived client secret for embedding some screens (elements) in your portal, with a role no higher than the key’s. Browsers may use it only from the origins registered for the key.',
    body: v.object({
      screens: v.pipe(
        v.array(v.picklist(EMBED_SCREEN_NAMES, `each screen must be one of ${EMBED_SCREEN_NAMES.join(', ')}`), 'screens must be a list'),
        v.minLength(1, 'screens needs at least one screen'),
        v.description(`The screens the page shows: ${EMBED_SCREEN_NAMES.join(', ')}.`),
      ),
      role: v.optional(v.pipe(v.picklist(ROLES, 'role must be Admin, Editor or Viewer'), v.description('The role the embedded screens act with (default: the key’s; a role above the key’s is refused with 403).'))),
    }),
    responses: { 201: v.object({ client_secret: v.string(), expires_at: v.string(), screens: v.array(v.string()), role: v.picklist(ROLES) }) },
    refusals: [403],
  }),
  ...CAMPAIGN_ROUTES,
};
