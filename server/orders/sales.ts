// Sales stay on the server: browsers of a team workspace never hold every sale (a brand's sales
// outnumber its gifts a thousandfold), so the Orders screen reads them here, a page at a time,
// and attributes one by hand through the one mutation runner. Each read is scoped to the
// signed-in member's workspace and found through an index: the (workspace, kind[, status],
// position) indexes for a page in display order, the lower-case search indexes for a search by
// the start of the order number, customer name or email. No read touches every sale.
import { and, asc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ORDER_STATUSES, type Order } from '../../lib/domain/types';
import { MUTATORS } from '../../lib/mutators';
import { ORDER_GONE } from '../../lib/mutators/orders';
import { recordForRole } from '../../lib/schema/records';
import { seed } from '../auth/routes';
import { HttpError, type ServerContext } from '../context';
import type { Executor } from '../db/client';
import { afterInDisplayOrder } from '../db/lists';
import { rowToRecord, type RecordRow } from '../db/records';
import * as t from '../db/schema';
import { SEARCHABLE } from '../db/schema/records';
import { signedIn } from '../http/auth';
import { routeWrite } from '../http/route-write';
import type { ValibotTypeProvider } from '../http/valibot';

/** Sales on one page. */
export const SALES_PAGE = 50;
export const BAD_CURSOR = 'cursor is not one this list gave: start again without it';

interface SalesCursor {
  /** The workspace it was given for. */
  w: string;
  /** Position and id of the last sale of the page. */
  p: number;
  i: string;
}

const encodeCursor = (cursor: SalesCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, workspaceId: string): SalesCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as SalesCursor;
    return value && value.w === workspaceId && Number.isSafeInteger(value.p) && typeof value.i === 'string' && value.i.length <= 200 ? value : null;
  } catch {
    return null;
  }
}

/** The highest code point: a prefix's range ends before the prefix followed by it. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

/** Sales whose order number, customer name or email starts with `q` (any letter case): three index ranges. */
function startsWith(q: string): SQL | undefined {
  const low = q.toLowerCase();
  const high = low + LAST_CHARACTER;
  const o = t.orders;
  return or(
    ...[o.orderNumber, o.customerName, o.customerEmail].map((column) => and(gte(SEARCHABLE(column), low), lt(SEARCHABLE(column), high))),
  );
}

export interface SalesPage {
  sales: Order[];
  nextCursor: string | null;
}

/** One page of a workspace's sales in display order (newest first), after `cursor`, with `status` and starting with `q` when given. */
export async function salesPage(db: Executor, workspaceId: string, query: { cursor?: SalesCursor; status?: string; q?: string }): Promise<SalesPage> {
  const o = t.orders;
  const rows = (await db
    .select()
    .from(o)
    .where(
      and(
        eq(o.workspaceId, workspaceId),
        eq(o.kind, 'sale'),
        query.status ? eq(o.status, query.status) : undefined,
        query.q ? startsWith(query.q) : undefined,
        query.cursor ? afterInDisplayOrder(o as unknown as typeof t.funnels, { position: query.cursor.p, id: query.cursor.i }) : undefined,
      ),
    )
    .orderBy(asc(o.position), asc(o.id))
    .limit(SALES_PAGE + 1)) as RecordRow[];
  const page = rows.slice(0, SALES_PAGE);
  const last = page.at(-1);
  return {
    sales: page.map((row) => rowToRecord('orders', row)),
    nextCursor: rows.length > SALES_PAGE && last ? encodeCursor({ w: workspaceId, p: last.position, i: last.id }) : null,
  };
}

/** One sale of the workspace, or undefined (no such order, or a gift). */
export async function saleOf(db: Executor, workspaceId: string, id: string): Promise<Order | undefined> {
  const o = t.orders;
  const [row] = (await db
    .select()
    .from(o)
    .where(and(eq(o.workspaceId, workspaceId), eq(o.id, id), eq(o.kind, 'sale')))) as RecordRow[];
  return row ? rowToRecord('orders', row) : undefined;
}

const listQuery = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(1000, BAD_CURSOR))),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'q is at most 200 characters'))),
  status: v.optional(v.picklist(ORDER_STATUSES, `status is one of ${ORDER_STATUSES.join(', ')}`)),
});
const idParam = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'id is malformed')) });
const attributionBody = v.object({
  funnelId: v.nullable(v.pipe(v.string('funnelId is a funnel id or null'), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'funnelId is malformed'))),
});
/** An order record as stored (its fields are the Order type's, checked when it was written). */
const order = v.custom<Order>((value) => typeof value === 'object' && value !== null && typeof (value as Order).id === 'string' && (value as Order).kind === 'sale');
const pageAnswer = v.object({ sales: v.array(order), nextCursor: v.nullable(v.string()) });
const saleAnswer = v.object({ sale: order, message: v.optional(v.string()) });
const NOT_FOUND = 'This sale does not exist';

export async function salesRoutes(fastify: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const forRole = (sale: Order, role: Parameters<typeof recordForRole>[3]) => recordForRole('orders', sale.id, sale, role) as Order;

  /** A page of the member's workspace's sales: every member may read them (Viewers included). */
  app.get('/orders/sales', { schema: { querystring: listQuery, response: { 200: pageAnswer } }, config: { auth: 'member' } }, async (request) => {
    const session = signedIn(request);
    const workspaceId = session.workspace.id;
    const cursor = request.query.cursor ? decodeCursor(request.query.cursor, workspaceId) : undefined;
    if (cursor === null) throw new HttpError(400, BAD_CURSOR, 'cursor');
    const page = await salesPage(ctx.db, workspaceId, { cursor, status: request.query.status, q: request.query.q || undefined });
    return { sales: page.sales.map((sale) => forRole(sale, session.member.role)), nextCursor: page.nextCursor };
  });

  /** One sale of the member's workspace. */
  app.get('/orders/sales/:id', { schema: { params: idParam, response: { 200: saleAnswer } }, config: { auth: 'member' } }, async (request) => {
    const session = signedIn(request);
    const sale = await saleOf(ctx.db, session.workspace.id, request.params.id);
    if (!sale) throw new HttpError(404, NOT_FOUND);
    return { sale: forRole(sale, session.member.role) };
  });

  /**
   * Attributes a sale to a creator's funnel by hand, or removes its attribution (funnelId null),
   * through the one mutation runner as the member stored: a Viewer is refused, a rule's refusal
   * answers 422 with its reason.
   */
  app.put(
    '/orders/sales/:id/attribution',
    { schema: { params: idParam, body: attributionBody, response: { 200: saleAnswer } }, config: { auth: 'member' } },
    async (request) => {
      const session = signedIn(request);
      const workspaceId = session.workspace.id;
      const { value } = await routeWrite<Order>(
        ctx,
        request,
        {
          workspaceId,
          memberId: session.member.id,
          mutator: MUTATORS['orders.setAttribution'],
          args: { id: request.params.id, funnelId: request.body.funnelId },
          meta: { now: ctx.now().toISOString(), idSeed: seed() },
        },
        (outcome) => new HttpError(outcome.error === ORDER_GONE ? 404 : 422, outcome.error, 'funnelId'),
      );
      return { sale: forRole(value, session.member.role) };
    },
  );
}
