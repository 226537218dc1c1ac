// Funnel rules of spec §4, and the dashboard filters and KPIs built on them.
import type { AnalyticsSummary } from './analytics';
import { DEFAULT_ANALYTICS_PERIOD } from './constants';
import { createListSearch } from './list-search';
import { englishOf, message, type Message } from './messages';
import {
  accept,
  refuse,
  FUNNEL_STATUSES,
  ok,
  type Funnel,
  type FunnelActivity,
  type FunnelCategory,
  type FunnelStage,
  type FunnelStatus,
  type NotificationMessage,
  type OutreachDelivery,
  type OutreachMessage,
  type Result,
  type Step,
} from './types';
import { missingReason, type Results } from './results';

export const STEP_NAMES = [
  'Creator Confirmation',
  'Product Shipment',
  'Creative Brief Delivery',
  'Content Production',
  'Review & Feedback',
  'Final Deliverables',
  'Deployment & Tracking',
] as const;

export const STEP_DESCRIPTIONS: Record<(typeof STEP_NAMES)[number], string> = {
  'Creator Confirmation': 'Creator agrees to the campaign terms.',
  'Product Shipment': 'Product is packed and shipped to the creator.',
  'Creative Brief Delivery': 'The creative brief is delivered and acknowledged.',
  'Content Production': 'The creator produces the agreed content.',
  'Review & Feedback': 'Brand reviews drafts and sends feedback.',
  'Final Deliverables': 'Final content is delivered and approved.',
  'Deployment & Tracking': 'Optional post-funnel step: content goes live and is tracked.',
};

export const statusIndex = (status: FunnelStatus) => FUNNEL_STATUSES.indexOf(status);

/** Sample data builds steps from status: steps before the status index are completed, the one at it is current (spec §4). */
export function buildStepsFromStatus(status: FunnelStatus): Step[] {
  const at = statusIndex(status);
  return STEP_NAMES.map((name, index) => ({
    name,
    description: STEP_DESCRIPTIONS[name],
    completed: index < at,
    current: index === at,
  }));
}

/** The step progress counts (0-based): the current step, else the last completed one, else the first. */
export function progressStepIndex(steps: readonly Step[]): number {
  const current = steps.findIndex((step) => step.current);
  // No current step: the last completed one counts (all completed is 100%).
  return current >= 0 ? current : Math.max(0, steps.map((step) => step.completed).lastIndexOf(true));
}

/** Progress percent is (current step index + 1) / step count, rounded (spec §4). */
export function progressPercentage(steps: readonly Step[]): number {
  if (steps.length === 0) return 0;
  return Math.round(((progressStepIndex(steps) + 1) / steps.length) * 100);
}

export const FUNNEL_STATUS_COLOR: Record<FunnelStatus, 'orange' | 'green' | 'yellow' | 'purple' | 'blue'> = {
  Brief: 'orange',
  Confirmation: 'green',
  Contract: 'yellow',
  Production: 'purple',
  Shipped: 'blue',
};

export type { Funnel };

// ---------------------------------------------------------------------------
// Saving a step (spec §4 "Saving a step")
// ---------------------------------------------------------------------------

/**
 * A status change's notification is the team's (Notifications, and email to members who turned
 * Email Notifications on); nothing is sent to the creator, and there is no SMS service.
 */
export type NotificationChannel = 'email';
export const CHANNEL_LABEL: Record<NotificationChannel, string> = { email: 'Email' };

/** The notification text for a funnel's new status (spec §4, word for word). */
export function statusNotificationMessage(status: FunnelStatus, creator: string): Message {
  switch (status) {
    case 'Shipped':
      return message('domain.funnels.notifyShipped', { creator });
    case 'Brief':
      return message('domain.funnels.notifyBrief', { creator });
    case 'Production':
      return message('domain.funnels.notifyProduction', { creator });
    default:
      return message('domain.funnels.notifyStatus', { status, creator });
  }
}

/** The status notification in English, as the notification and its mail store it. */
export const statusNotificationText = (status: FunnelStatus, creator: string): string => englishOf(statusNotificationMessage(status, creator));

/** The notifications a funnel's move to `status` sends: one per channel, each with its title and text as messages. */
export function statusNotifications(funnel: Funnel, status: FunnelStatus): StepNotification[] {
  const said = {
    title: message('notifications.statusTitle', { name: funnel.creatorName, status: message(`creator.status.${status}`) }),
    message: statusNotificationMessage(status, funnel.creatorName),
  };
  const title = englishOf(said.title);
  const text = englishOf(said.message);
  return [{ channel: 'email', to: funnel.creatorHandle, title, message: text, said }];
}

export interface StepDraft {
  name: string;
  description: string;
}

export interface StepNotification {
  channel: NotificationChannel;
  /** The creator handle it is addressed to. */
  to: string;
  title: string;
  message: string;
  said: NotificationMessage;
}

export interface StepSaveOutcome {
  funnel: Funnel;
  /** True when the save moved the funnel on (S greater than the index of the current status). */
  advanced: boolean;
  previousStatus: FunnelStatus;
  notifications: StepNotification[];
}

/**
 * Saves step S (spec §4): sets its name and description and completed=true. Only when S is
 * greater than the index of the current status does the funnel advance: the status moves to
 * the next value, steps 0..S are completed and step S+1 becomes current, and the team gets a
 * notification of the new status. A funnel already at the last status (Shipped) keeps it: its
 * steps move on, but no status notification is made. A step completed without advancing stops
 * being current (the next step is), so no step is ever both completed and current. The toast
 * says where the funnel moved.
 */
export function saveStep(funnel: Funnel, stepIndex: number, draft: StepDraft, now: Date): Result<StepSaveOutcome> {
  if (!Number.isInteger(stepIndex) || stepIndex < 0 || stepIndex >= funnel.steps.length) return refuse('domain.funnels.stepGone');
  const name = draft.name.trim();
  if (!name) return refuse('domain.funnels.stepNameEmpty');
  const description = draft.description.trim();
  const current = statusIndex(funnel.status);
  const advances = stepIndex > current;
  let steps = funnel.steps.map((step, index) => (index === stepIndex ? { ...step, name, description, completed: true } : step));
  let status = funnel.status;
  const notifications: StepNotification[] = [];
  if (advances) {
    steps = steps.map((step, index) => ({
      ...step,
      completed: index <= stepIndex ? true : step.completed,
      current: index === stepIndex + 1,
    }));
    const next = FUNNEL_STATUSES[current + 1];
    if (next) {
      status = next;
      notifications.push(...statusNotifications(funnel, next));
    }
  } else if (steps[stepIndex].current) {
    // A completed step is never the current one: the work moves on to the next step (the
    // status stays, as the rule says); after the last step none is current.
    steps = steps.map((step, index) => ({ ...step, current: index === stepIndex + 1 }));
  }
  const updated: Funnel = {
    ...funnel,
    steps,
    status,
    progressPercentage: progressPercentage(steps),
    lastUpdated: now.toISOString(),
  };
  const moved = status !== funnel.status ? [message('domain.funnels.movedTo', { name: funnel.creatorName, status: message(`creator.status.${status}`) })] : [];
  return {
    ok: true,
    value: { funnel: updated, advanced: advances, previousStatus: funnel.status, notifications },
    messages: moved.map(englishOf),
    notices: moved,
  };
}

// ---------------------------------------------------------------------------
// Outreach, priority, profile (spec §2 "Send Outreach modal", "Profile Optimizer", §5)
// ---------------------------------------------------------------------------


/**
 * Completes every step before the status's own step and moves the current step up to it, so
 * the steps never say less than the status does. Steps already further along stay as they are.
 */
export function alignStepsWithStatus(steps: readonly Step[], status: FunnelStatus): Step[] {
  const at = Math.min(statusIndex(status), steps.length - 1);
  const current = steps.findIndex((step) => step.current);
  const behind = current < at;
  return steps.map((step, index) => ({
    ...step,
    completed: index < at ? true : step.completed,
    current: behind ? index === at : step.current,
  }));
}

export interface OutreachOptions {
  /**
   * Whether the outreach may move the funnel on: true from the dashboard (a funnel at Brief
   * moves to Confirmation), false on the creator detail screen (the message is only recorded).
   * Default true.
   */
  advance?: boolean;
}

const EMAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Whether outreach can email this creator: `optedOut` (they stopped every email: outreach is
 * refused), `noEmail` (no usable address: the message is kept in their history only), or null.
 */
export function outreachEmailBlock(funnel: Pick<Funnel, 'email' | 'portal'>): 'optedOut' | 'noEmail' | null {
  if (funnel.portal?.optedOutAt) return 'optedOut';
  if (!funnel.email || !EMAIL_ADDRESS.test(funnel.email)) return 'noEmail';
  return null;
}

/** The refusal of outreach to a creator who opted out, with its stable code for the API. */
export const OPTED_OUT_CODE = 'optedOut';
export function optedOutRefusal(funnel: Pick<Funnel, 'creatorHandle'>): { ok: false; error: string; problem?: Message; code: string } {
  const problem = message('domain.funnels.optedOut', { handle: funnel.creatorHandle });
  return { ok: false, error: englishOf(problem), problem, code: OPTED_OUT_CODE };
}

/**
 * Sending outreach keeps the message in the creator's history (empty allowed, spec §5) and
 * queues its email (`delivery` queued) when the creator has an address; a creator who opted out
 * is refused. From the dashboard a funnel at Brief moves to Confirmation (spec §4) with its
 * steps following; a funnel already past Brief keeps its status, because outreach never moves a
 * funnel backwards. On the creator detail screen (`advance: false`) it changes no status (spec §2).
 * The toast says what happened: queued, or kept without an email.
 */
export function sendOutreach(funnel: Funnel, message: string, sentBy: string, now: Date, id: string, options: OutreachOptions = {}): Result<Funnel> {
  const block = outreachEmailBlock(funnel);
  if (block === 'optedOut') return optedOutRefusal(funnel);
  const entry: OutreachMessage = { id, timestamp: now.toISOString(), message, sentBy, ...(block ? {} : { delivery: { status: 'queued', at: now.toISOString() } }) };
  const moves = (options.advance ?? true) && funnel.status === 'Brief';
  const status: FunnelStatus = moves ? 'Confirmation' : funnel.status;
  const steps = moves ? alignStepsWithStatus(funnel.steps, status) : funnel.steps;
  return accept(
    {
      ...funnel,
      status,
      steps,
      progressPercentage: moves ? progressPercentage(steps) : funnel.progressPercentage,
      outreach: [...(funnel.outreach ?? []), entry],
      lastUpdated: now.toISOString(),
    },
    block ? 'domain.funnels.outreachNoEmail' : 'domain.funnels.outreachQueued',
    { handle: funnel.creatorHandle },
  );
}

/** The outreach message `outreachId` with its email's new state; refused when the message is gone. */
export function setOutreachDelivery(funnel: Funnel, outreachId: string, delivery: OutreachDelivery): Result<Funnel> {
  const at = (funnel.outreach ?? []).findIndex((entry) => entry.id === outreachId);
  if (at < 0) return refuse('domain.funnels.outreachGone');
  const outreach = (funnel.outreach ?? []).map((entry, index) => (index === at ? { ...entry, delivery } : entry));
  return ok({ ...funnel, outreach });
}

/** Retrying a failed outreach email queues it again; only a failed one can be retried, and never to a creator who opted out. */
export function retryOutreach(funnel: Funnel, outreachId: string, now: Date): Result<Funnel> {
  const entry = funnel.outreach?.find((e) => e.id === outreachId);
  if (!entry) return refuse('domain.funnels.outreachGone');
  const block = outreachEmailBlock(funnel);
  if (block === 'optedOut') return optedOutRefusal(funnel);
  if (block) return refuse('domain.funnels.outreachNoEmail', { handle: funnel.creatorHandle });
  if (entry.delivery?.status !== 'failed') return refuse('domain.funnels.outreachNotFailed');
  return setOutreachDelivery(funnel, outreachId, { status: 'queued', at: now.toISOString() });
}

/** The latest outreach email that failed and was not sent since: what the funnel shows with Retry. */
export function failedOutreach(funnel: Pick<Funnel, 'outreach'>): OutreachMessage | null {
  const last = [...(funnel.outreach ?? [])].reverse().find((entry) => entry.delivery);
  return last?.delivery?.status === 'failed' ? last : null;
}

/**
 * Adds a tag when its trimmed text is non-empty (spec §5). A tag already present (any case)
 * is refused with a clear message rather than doubled.
 */
export function addTag(tags: readonly string[], text: string): Result<string[]> {
  const tag = text.trim();
  if (!tag) return refuse('domain.funnels.typeTag');
  if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return refuse('domain.funnels.tagExists', { tag });
  return ok([...tags, tag]);
}

export const removeTag = (tags: readonly string[], tag: string): string[] => tags.filter((t) => t !== tag);

export const IMAGE_UPLOAD = { maxBytes: 2 * 1024 * 1024, maxLabel: '2 MB' } as const;

/** The Profile Optimizer upload takes image files only, up to 2 MB. */
export function checkImageFile(file: { name: string; type: string; size: number }): Message | null {
  const isImage = file.type.startsWith('image/') || /\.(png|jpe?g|gif|webp|avif|svg)$/i.test(file.name);
  if (!isImage) return message('domain.funnels.notImage', { name: file.name });
  if (file.size > IMAGE_UPLOAD.maxBytes) return message('domain.funnels.imageTooLarge', { name: file.name, max: IMAGE_UPLOAD.maxLabel });
  return null;
}

// ---------------------------------------------------------------------------
// Funnel list: search, filters (spec §2 "Funnel list", §5)
// ---------------------------------------------------------------------------

export interface FunnelFilters {
  /** Activity values (the filter panel's Status group). */
  status: readonly FunnelActivity[];
  category: readonly FunnelCategory[];
  stage: readonly FunnelStage[];
}

export const EMPTY_FUNNEL_FILTERS: FunnelFilters = { status: [], category: [], stage: [] };

export const activeFilterCount = (filters: FunnelFilters) => filters.status.length + filters.category.length + filters.stage.length;

/** What the search matches: name and id, lower-cased. */
export const funnelSearchKey = (funnel: Pick<Funnel, 'creatorName' | 'id'>) => `${funnel.creatorName}\u0000${funnel.id}`.toLowerCase();

/** The filter panel's choices as a test of one funnel; null when nothing is chosen. */
function funnelFilterTest({ status, category, stage }: FunnelFilters): ((funnel: Funnel) => boolean) | null {
  if (!status.length && !category.length && !stage.length) return null;
  return (funnel) =>
    (!status.length || status.includes(funnel.activity)) &&
    (!category.length || category.includes(funnel.category)) &&
    (!stage.length || stage.includes(funnel.currentStage));
}

/**
 * Search matches creator name or id, case-insensitively (spec §5). Within a filter group any
 * chosen value matches; across groups all must match; an empty group matches everything.
 * `keys[i]` may carry funnelSearchKey(funnels[i]) precomputed, so large lists filter fast.
 */
export function filterFunnels(
  funnels: readonly Funnel[],
  search: string,
  filters: FunnelFilters = EMPTY_FUNNEL_FILTERS,
  keys?: readonly string[],
): Funnel[] {
  const needle = search.trim().toLowerCase();
  const test = funnelFilterTest(filters);
  if (!needle && !test) return funnels as Funnel[];
  const out: Funnel[] = [];
  for (let i = 0; i < funnels.length; i++) {
    const funnel = funnels[i];
    if (test && !test(funnel)) continue;
    if (needle && !(keys ? keys[i] : funnelSearchKey(funnel)).includes(needle)) continue;
    out.push(funnel);
  }
  return out;
}

/** Search and filters over one list of funnels, reusing earlier answers while the user types (see createListSearch). */
export function createFunnelSearch(funnels: readonly Funnel[]) {
  const search = createListSearch(funnels, funnelSearchKey, funnelFilterTest);
  return Object.assign((text: string, filters: FunnelFilters = EMPTY_FUNNEL_FILTERS) => search(text, filters) as Funnel[], { prepare: search.prepare });
}

// ---------------------------------------------------------------------------
// Dashboard filters (?filter=) and the Performance Overview KPIs (spec §2; docs/decisions/dashboard-filters-the-top-10-by-one-field-each.md)
// ---------------------------------------------------------------------------

/** A creator rating out of 5 from a measured ROI: 3 + ROI x 0.35, between 0 and 5 (ROI 3.4 rates 4.2). */
export const ratingFromRoi = (roi: number) => Math.min(5, Math.max(0, 3 + roi * 0.35));

/** A funnel's measured results for a dashboard filter, or undefined when nothing was measured or spent. */
export type MeasuredOf = (funnelId: string) => Results | undefined;

export interface DashboardFilterDef {
  id: string;
  label: string;
  /** Sort key, highest first unless `ascending`; null leaves the funnel out (nothing measured to rank it by). */
  value(funnel: Funnel, measured: MeasuredOf): number | null;
  ascending?: boolean;
  /** Ranks by a measured result (the period's results must be read first), not a profile field. */
  measured?: boolean;
}

const measuredRoi = (f: Funnel, measured: MeasuredOf) => measured(f.id)?.roi ?? null;
const measuredRating = (f: Funnel, measured: MeasuredOf) => {
  const roi = measuredRoi(f, measured);
  return roi === null ? null : ratingFromRoi(roi);
};

/**
 * The `?filter=` values: each keeps the top 10 funnels by one figure, measured over the
 * dashboard's period (DASHBOARD_PERIOD) except engagement, a field of the creator's profile:
 * match_rate_top10 by measured conversion (attributed orders ÷ clicks), collab_success_top10 and
 * top_creators by creator rating from measured ROI, engagement_top10 by engagement rate,
 * sales_top10 by attributed revenue, price_optimization the 10 lowest measured ROI (candidates to
 * renegotiate). A funnel with nothing measured for the figure is left out, never ranked as 0.
 */
export const DASHBOARD_FILTERS: Record<string, DashboardFilterDef> = {
  match_rate_top10: { id: 'match_rate_top10', label: 'Top 10 by conversion rate', value: (f, measured) => measured(f.id)?.conversion ?? null, measured: true },
  collab_success_top10: { id: 'collab_success_top10', label: 'Top 10 by creator rating', value: measuredRating, measured: true },
  engagement_top10: { id: 'engagement_top10', label: 'Top 10 by engagement', value: (f) => f.engagementRate },
  sales_top10: {
    id: 'sales_top10',
    label: 'Top 10 by revenue',
    value: (f, measured) => {
      const r = measured(f.id);
      return r && !missingReason(r, 'revenue') ? r.revenue : null;
    },
    measured: true,
  },
  top_creators: { id: 'top_creators', label: 'Top creators', value: measuredRating, measured: true },
  price_optimization: { id: 'price_optimization', label: 'Lowest ROI (price optimization)', value: measuredRoi, ascending: true, measured: true },
};

/** The period the dashboard's tiles and measured filters cover: Analytics' default, so both say the same. */
export const DASHBOARD_PERIOD = DEFAULT_ANALYTICS_PERIOD;

/**
 * Applies a dashboard filter: the funnels with a value, sorted by it (ties by id), the first 10.
 * Unknown ids change nothing. `measured` gives each funnel's results over the dashboard's period.
 */
export function applyDashboardFilter(funnels: readonly Funnel[], filterId: string | undefined, limit = 10, measured: MeasuredOf = () => undefined): Funnel[] {
  const def = filterId ? DASHBOARD_FILTERS[filterId] : undefined;
  if (!def) return funnels as Funnel[];
  const sign = def.ascending ? 1 : -1;
  return funnels
    .map((funnel) => ({ funnel, value: def.value(funnel, measured) }))
    .filter((x): x is { funnel: Funnel; value: number } => x.value !== null && Number.isFinite(x.value))
    .sort((a, b) => sign * (a.value - b.value) || a.funnel.id.localeCompare(b.funnel.id))
    .slice(0, limit)
    .map((x) => x.funnel);
}

/** `content_type=video`: campaigns on video platforms (YouTube, TikTok) or with video deliverables. */
export function filterContentType(funnels: readonly Funnel[], contentType: string | undefined): Funnel[] {
  if (contentType !== 'video') return funnels as Funnel[];
  return funnels.filter((f) => /youtube|tiktok/i.test(f.platform) || /video|vlog|tutorial|review|unboxing/i.test(f.engagementType));
}

export type KpiId = 'conversion' | 'engagement' | 'revenue' | 'rating';

/** Why a tile has no figure: no sales, no clicks, no cost (so no ROI or rating), or no funnel running. */
export type KpiReason = 'noSales' | 'noClicks' | 'noCost' | 'noFunnels';

export interface Kpi {
  id: KpiId;
  label: string;
  /** The figure over the period, in the KPI's unit (percent, dollars, rating out of 5); null with nothing measured (`reason`). */
  value: number | null;
  reason: KpiReason | null;
  /** This month against the month before, in percent (null when either has no figure). */
  change: number | null;
  /** Trend text such as '+12.5% vs last month'. */
  trend: string;
  /** `?filter=` the tile opens. */
  filter: string;
  /** Six monthly points, oldest first; null for a month with nothing measured (no data, not zero). */
  series: { month: string; value: number | null }[];
}

export const KPI_TILES: { id: KpiId; label: string; filter: string }[] = [
  { id: 'conversion', label: 'Conversion Rate', filter: 'match_rate_top10' },
  { id: 'engagement', label: 'Avg. Engagement', filter: 'engagement_top10' },
  { id: 'revenue', label: 'Revenue', filter: 'sales_top10' },
  { id: 'rating', label: 'Creator Rating', filter: 'collab_success_top10' },
];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

export function trendText(change: number | null): string {
  if (change === null) return 'No data for last month';
  if (Math.abs(change) < 0.05) return 'No change vs last month';
  return `${change > 0 ? '+' : ''}${change.toFixed(1)}% vs last month`;
}

/** A measured tile: the period's figure (or why there is none) and its monthly points. */
function measuredKpi(id: Exclude<KpiId, 'engagement'>, summary: Pick<AnalyticsSummary, 'results' | 'roiTrend'>): Pick<Kpi, 'value' | 'reason' | 'series'> {
  const r = summary.results;
  const label = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1];
  switch (id) {
    case 'conversion':
      return {
        value: r.conversion === null ? null : r.conversion * 100,
        reason: r.conversion === null ? 'noClicks' : null,
        series: summary.roiTrend.map((p) => ({ month: label(p.month), value: p.conversion === null ? null : p.conversion * 100 })),
      };
    case 'revenue':
      return {
        value: missingReason(r, 'revenue') ? null : r.revenue,
        reason: missingReason(r, 'revenue') ? 'noSales' : null,
        series: summary.roiTrend.map((p) => ({ month: label(p.month), value: p.orders || p.revenue ? p.revenue : null })),
      };
    case 'rating':
      return {
        value: r.roi === null ? null : ratingFromRoi(r.roi),
        reason: r.roi === null ? 'noCost' : null,
        series: summary.roiTrend.map((p) => ({ month: label(p.month), value: p.roi === null ? null : ratingFromRoi(p.roi) })),
      };
  }
}

/**
 * Performance Overview: the same measured figures as Analytics' cards for the dashboard's
 * period (`summary`, analyticsSummary of DASHBOARD_PERIOD): Conversion Rate (attributed orders ÷
 * clicks), Revenue (attributed revenue) and Creator Rating (from the measured ROI), each null
 * with its reason when nothing was measured. Avg. Engagement is the creators' profile figure:
 * the average engagement rate of the funnels started by each month's end. The trend compares
 * this month with the month before.
 */
export function performanceKpis(funnels: readonly Funnel[], summary: Pick<AnalyticsSummary, 'results' | 'roiTrend'>, now: Date): Kpi[] {
  const ends: Date[] = [];
  for (let back = 5; back >= 0; back--) ends.push(new Date(now.getFullYear(), now.getMonth() - back + 1, 1));
  return KPI_TILES.map((tile) => {
    let figure: Pick<Kpi, 'value' | 'reason' | 'series'>;
    if (tile.id === 'engagement') {
      const series = ends.map((end) => {
        const started = funnels.filter((f) => new Date(f.startDate).getTime() < end.getTime());
        return { month: MONTHS[(end.getMonth() + 11) % 12], value: started.length ? average(started.map((f) => f.engagementRate)) : null };
      });
      const value = series[series.length - 1].value;
      figure = { value, reason: value === null ? 'noFunnels' : null, series };
    } else figure = measuredKpi(tile.id, summary);
    const { series } = figure;
    const latest = series[series.length - 1]?.value ?? null;
    const before = series[series.length - 2]?.value ?? null;
    const change = latest !== null && before ? ((latest - before) / before) * 100 : null;
    return { ...tile, ...figure, change, trend: trendText(change) };
  });
}

// ---------------------------------------------------------------------------
// Creators and the dashboard grid
// ---------------------------------------------------------------------------

/** The next id in the CR12345 pattern: one above the highest CR number in use. */
export function nextFunnelId(funnels: readonly Pick<Funnel, 'id'>[]): string {
  let max = 12344;
  for (const f of funnels) {
    const match = /^CR(\d+)$/.exec(f.id);
    if (match) max = Math.max(max, Number(match[1]));
  }
  return `CR${max + 1}`;
}

/** Days left until the due date, never below 0. */
export function daysLeft(dueDate: string, now: Date): number {
  const ms = new Date(dueDate).getTime() - now.getTime();
  if (!Number.isFinite(ms)) return 0;
  return Math.max(0, Math.ceil(ms / 86_400_000));
}

/** Index of the step named `name`, or -1. */
export const stepIndexByName = (steps: readonly Step[], name: string | undefined) => (name ? steps.findIndex((s) => s.name === name) : -1);

// ---------------------------------------------------------------------------
// Engagements: one creator, several campaigns over time (docs/decisions/creator-engagements.md)
// ---------------------------------------------------------------------------

/** A funnel whose every step is completed: its engagement is over. */
export const isFunnelFinished = (funnel: Pick<Funnel, 'steps'>) => funnel.steps.length > 0 && funnel.steps.every((step) => step.completed);

/**
 * A new engagement for a creator the workspace knows: a funnel of its own (its own id) at
 * Brief, with the creator's profile copied from `creator`. Refused while any funnel of the
 * same creator (same handle, any letter case) is not finished: one open campaign per creator.
 */
export function newEngagement(
  creator: Funnel,
  funnels: readonly Funnel[],
  context: { id: string; now: Date; assignedTo: string; engagementType?: string },
): Result<Funnel> {
  const handle = creator.creatorHandle.toLowerCase();
  const open = funnels.find((f) => f.creatorHandle.toLowerCase() === handle && !isFunnelFinished(f));
  if (open) return refuse('domain.funnels.openFunnel', { name: creator.creatorName, id: open.id });
  const steps = buildStepsFromStatus('Brief');
  const nowIso = context.now.toISOString();
  return ok({
    id: context.id,
    creatorName: creator.creatorName,
    creatorHandle: creator.creatorHandle,
    creatorAvatar: creator.creatorAvatar,
    status: 'Brief',
    category: creator.category,
    activity: 'Active',
    value: 0,
    progressPercentage: progressPercentage(steps),
    assignedTo: context.assignedTo,
    lastUpdated: nowIso,
    isPriority: false,
    currentStage: 'Outreach',
    engagementType: context.engagementType?.trim() || creator.engagementType,
    platform: creator.platform,
    conversionRate: 0,
    engagementRate: creator.engagementRate,
    roi: 0,
    startDate: nowIso,
    dueDate: new Date(context.now.getTime() + 30 * 86_400_000).toISOString(),
    daysRemaining: 30,
    steps,
    bio: creator.bio ?? '',
    interestTags: [...(creator.interestTags ?? [])],
    ...(creator.email ? { email: creator.email } : {}),
    ...(creator.followers !== undefined ? { followers: creator.followers } : {}),
    outreach: [],
  });
}
