// What the public API says a funnel measured: its discount code and tracking link with its totals
// over all time, and its results day by day for a range. Both are read from the server's kept
// daily totals (link_clicks, sales_daily), never from every sale or click. Reading results needs
// a key whose role may view analytics (Admin, Editor): a Viewer key gets null totals on a funnel
// and 403 from the performance route.
import * as v from 'valibot';
import { trackingUrl } from '../../../lib/domain/attribution';
import { daySpan, daysFrom, sumMeasured, utcDay, type Measured } from '../../../lib/domain/results';
import type { Funnel } from '../../../lib/domain/types';
import { apiKeyPermissions } from '../../../lib/domain/webhooks';
import { HttpError, type ServerContext } from '../../context';
import { funnelAllTimeTotals, funnelDayTotals } from '../../results/totals';
import type { ApiKeyRow } from '../keys';
import { defineApiRoute } from '../openapi';
import { unknownParameter } from './params';

/** The longest range the performance route answers day by day. */
export const MAX_PERFORMANCE_DAYS = 366;
/** The range when none is given: the last 30 UTC days, today included. */
export const DEFAULT_PERFORMANCE_DAYS = 30;

const measuredEntries = {
  clicks: v.pipe(v.number(), v.description('Clicks on the funnel’s tracking link.')),
  visitors: v.pipe(v.number(), v.description('Unique visitors, counted once a day each and summed over the days.')),
  orders: v.pipe(v.number(), v.description('Sales attributed to the funnel that still count (not cancelled, not wholly refunded).')),
  revenue: v.pipe(v.number(), v.description('Attributed revenue in the workspace’s currency: the goods after discounts, less refunds; never tax or shipping.')),
};

export const funnelResultsView = v.pipe(
  v.nullable(v.object({ period: v.pipe(v.literal('all_time'), v.description('The totals cover all time: every day since the funnel’s first click or sale.')), ...measuredEntries })),
  v.description('What the funnel measured over all time, from the server’s daily totals. null for a key whose role may not view analytics (Viewer).'),
);

/** The fields a funnel carries about its code, link and results (spread into the funnel view). */
export const funnelMeasureEntries = {
  discountCode: v.pipe(v.nullable(v.string()), v.description('The creator’s discount code for this engagement; matched in any letter case.')),
  trackingUrl: v.pipe(v.nullable(v.string()), v.description('The tracking link served by the team server (/r/<code>): it counts a click and sends the visitor to the shop with the code and UTM parameters. null without a code.')),
  results: funnelResultsView,
};

export type FunnelMeasures = { discountCode: string | null; trackingUrl: string | null; results: v.InferOutput<typeof funnelResultsView> };

/** Whether the key's role may read measured results. */
export const mayReadResults = (key: ApiKeyRow) => apiKeyPermissions(key.role).viewAnalytics;

/**
 * Each funnel's code, link and all-time totals: the totals of `funnelIds` are read at once (none
 * for a key that may not read results), then any funnel is described from them, a funnel not
 * read (one just made) with zeros.
 */
export function funnelMeasures(ctx: Pick<ServerContext, 'db' | 'linkOrigin'>) {
  return async (key: ApiKeyRow, funnelIds: readonly string[]): Promise<(f: Funnel) => FunnelMeasures> => {
    const readable = mayReadResults(key);
    const totals = readable ? await funnelAllTimeTotals(ctx.db, key.workspaceId, funnelIds) : new Map<string, Measured>();
    const origin = ctx.linkOrigin();
    return (f) => ({
      discountCode: f.discountCode ?? null,
      trackingUrl: f.discountCode ? trackingUrl(origin, f.discountCode, key.workspaceId) : null,
      results: readable ? { period: 'all_time' as const, ...(totals.get(f.id) ?? sumMeasured([])) } : null,
    });
  };
}

const DAY_MESSAGE = (name: string) => `${name} must be a day, yyyy-MM-dd`;
const dayParam = (name: string, description: string) =>
  v.optional(
    v.pipe(
      v.string(DAY_MESSAGE(name)),
      v.isoDate(DAY_MESSAGE(name)),
      // A day the calendar has: 2026-02-30 is none.
      v.check((day) => utcDay(`${day}T00:00:00Z`) === day, DAY_MESSAGE(name)),
      v.description(description),
    ),
  );

export const RESULTS_ROUTES = {
  funnelPerformance: defineApiRoute({
    method: 'GET',
    url: '/api/v1/funnels/:id/performance',
    summary: `A funnel’s measured results for each UTC day of a range (at most ${MAX_PERFORMANCE_DAYS} days; default the last ${DEFAULT_PERFORMANCE_DAYS}), every day listed, and the range’s totals. Needs a key whose role may view analytics (Admin or Editor).`,
    params: v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'id is malformed'), v.description('The funnel id.')) }),
    query: v.strictObject(
      {
        from: dayParam('from', `First UTC day, yyyy-MM-dd (default: ${DEFAULT_PERFORMANCE_DAYS - 1} days before to).`),
        to: dayParam('to', 'Last UTC day, yyyy-MM-dd, included (default: today).'),
      },
      unknownParameter,
    ),
    responses: {
      200: v.object({
        funnelId: v.string(),
        from: v.pipe(v.string(), v.description('First day of the range.')),
        to: v.pipe(v.string(), v.description('Last day of the range, included.')),
        days: v.pipe(v.array(v.object({ day: v.pipe(v.string(), v.description('A UTC day, yyyy-MM-dd.')), ...measuredEntries })), v.description('Every day of the range in order, days with nothing measured as zeros.')),
        totals: v.pipe(v.object(measuredEntries), v.description('The range’s totals.')),
      }),
    },
    refusals: [403, 404, 422],
  }),
};

/** The range asked for, defaults filled in: 422 naming the field when it runs backwards or is too long. */
export function performanceRange(query: { from?: string; to?: string }, now: Date): { from: string; to: string } {
  const to = query.to ?? utcDay(now.toISOString());
  const from = query.from ?? utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_PERFORMANCE_DAYS - 1) * 86_400_000).toISOString());
  const span = daySpan(from, to);
  if (span < 0) throw new HttpError(422, 'from must be on or before to', 'from');
  if (span >= MAX_PERFORMANCE_DAYS) throw new HttpError(422, `A range covers at most ${MAX_PERFORMANCE_DAYS} days`, 'to');
  return { from, to };
}

/** A funnel's results for each day of the range (zeros where nothing was measured) and their totals. */
export async function funnelPerformance(ctx: Pick<ServerContext, 'db'>, key: ApiKeyRow, funnelId: string, range: { from: string; to: string }) {
  const byDay = await funnelDayTotals(ctx.db, key.workspaceId, funnelId, range.from, range.to);
  const days = daysFrom(range.from, range.to).map((day) => ({ day, ...(byDay.get(day) ?? sumMeasured([])) }));
  return { funnelId, from: range.from, to: range.to, days, totals: sumMeasured(days) };
}
