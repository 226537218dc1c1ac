// CSV export rules (spec §2 "CSV export", §3 "Export datasets", §4, §5, §9): the real
// data of the chosen type and date range, never placeholder rows.
import { exportFileName } from './constants';
import type { MessageKey } from './messages';
import { refuse, ok, type DateRange, type ExportType, type ExportTypeId, type Funnel, type Result } from './types';

/** One exported cell; the CSV writer makes it formula-safe. */
export type ExportCell = string | number;

/** The three export types and their fields (spec §3), in grid order. */
export const EXPORT_TYPES: readonly ExportType[] = [
  {
    id: 'creators',
    name: 'Creators',
    description: 'Every creator in your funnels, with contact and audience details.',
    icon: '👤',
    fields: ['Creator Handle', 'Creator Name', 'Email', 'Platform', 'Followers', 'Engagement Rate', 'Category', 'Status', 'Created Date'],
  },
  {
    id: 'funnels',
    name: 'Funnels',
    description: 'Funnel status, dates, campaign value and the typed estimates of conversion and ROI (measured results are on Analytics).',
    icon: '🔀',
    fields: ['Funnel ID', 'Creator', 'Status', 'Start Date', 'End Date', 'Estimated Conversion Rate', 'Campaign Value', 'Estimated ROI'],
  },
  {
    id: 'analytics',
    name: 'Analytics',
    description: 'Reach per creator campaign, with clicks, conversions, revenue and cost estimated from the typed rates (measured results are on Analytics).',
    icon: '📊',
    fields: ['Date', 'Creator', 'Platform', 'Impressions', 'Estimated Clicks', 'Estimated Conversions', 'Estimated Revenue', 'Estimated Cost'],
  },
];

/** What each export type is called and described as, in the screen's language. */
export const EXPORT_TYPE_NAME: Record<ExportTypeId, MessageKey> = { creators: 'export.type.creators', funnels: 'export.type.funnels', analytics: 'nav.analytics' };
export const EXPORT_TYPE_DESCRIPTION: Record<ExportTypeId, MessageKey> = {
  creators: 'export.type.creatorsDescription',
  funnels: 'export.type.funnelsDescription',
  analytics: 'export.type.analyticsDescription',
};

/** A column's catalog entry: its English name in camel case ("Creator Handle" is `creatorHandle`, "Estimated ROI" `estimatedRoi`). */
export const exportFieldKey = (field: string): MessageKey => `export.field.${field.toLowerCase().replace(/ (\w)/g, (_, c: string) => c.toUpperCase())}` as MessageKey;

export const exportTypeById = (id: string) => EXPORT_TYPES.find((t) => t.id === id);

/** "N fields selected" (spec §2), singular for one. */
export const fieldsSelectedLabel = (count: number) => `${count} ${count === 1 ? 'field' : 'fields'} selected`;

/** Both dates are required and the start is not after the end (yyyy-MM-dd). */
export function validateDateRange(range: DateRange): Result<DateRange> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.start)) return refuse('domain.export.chooseStart');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(range.end)) return refuse('domain.export.chooseEnd');
  if (range.start > range.end) return refuse('domain.export.range');
  return ok(range);
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Estimates from a funnel's own typed numbers, never measured results (those are on Analytics,
 * from attributed sales and link clicks): impressions are the creator's audience, clicks its
 * engaged share, conversions the typed conversion rate of clicks, revenue the campaign value and
 * cost the value divided by the typed ROI. The export names each column "Estimated …".
 */
export function funnelAnalytics(funnel: Funnel) {
  const impressions = Math.max(0, Math.round(funnel.followers ?? 0));
  const clicks = Math.round((impressions * (funnel.engagementRate || 0)) / 100);
  const conversions = Math.round((clicks * (funnel.conversionRate || 0)) / 100);
  const revenue = round(funnel.value || 0);
  const cost = funnel.roi > 0 ? round(revenue / funnel.roi) : 0;
  return { impressions, clicks, conversions, revenue, cost };
}

/** Every field's value of one funnel for a type; `day` formats an ISO timestamp as yyyy-MM-dd. */
function fieldValues(type: ExportTypeId, funnel: Funnel, day: (iso: string) => string): Record<string, ExportCell> {
  if (type === 'creators')
    return {
      'Creator Handle': funnel.creatorHandle,
      'Creator Name': funnel.creatorName,
      Email: funnel.email ?? '',
      Platform: funnel.platform,
      Followers: funnel.followers ?? '',
      'Engagement Rate': funnel.engagementRate,
      Category: funnel.category,
      Status: funnel.status,
      'Created Date': day(funnel.startDate),
    };
  if (type === 'funnels')
    return {
      'Funnel ID': funnel.id,
      Creator: funnel.creatorName,
      Status: funnel.status,
      'Start Date': day(funnel.startDate),
      'End Date': day(funnel.dueDate),
      'Estimated Conversion Rate': funnel.conversionRate,
      'Campaign Value': funnel.value,
      'Estimated ROI': funnel.roi,
    };
  const a = funnelAnalytics(funnel);
  return {
    Date: day(funnel.startDate),
    Creator: funnel.creatorName,
    Platform: funnel.platform,
    Impressions: a.impressions,
    'Estimated Clicks': a.clicks,
    'Estimated Conversions': a.conversions,
    'Estimated Revenue': a.revenue,
    'Estimated Cost': a.cost,
  };
}

export interface ExportRequest {
  type: ExportTypeId;
  /** Chosen fields; exported in the type's own order. */
  fields: readonly string[];
  range: DateRange;
}

/**
 * The headers and rows of an export: funnels whose start date (in the workspace time zone, via
 * `day`) falls in the range, inclusive, oldest first.
 */
export function buildExport(request: ExportRequest, funnels: readonly Funnel[], day: (iso: string) => string): Result<{ headers: string[]; rows: ExportCell[][] }> {
  const type = exportTypeById(request.type);
  if (!type) return refuse('domain.export.chooseType');
  const headers = type.fields.filter((field) => request.fields.includes(field));
  if (headers.length === 0) return refuse('domain.export.selectField');
  const range = validateDateRange(request.range);
  if (!range.ok) return range;
  const rows = funnels
    .filter((funnel) => {
      const start = day(funnel.startDate);
      return start >= range.value.start && start <= range.value.end;
    })
    .sort((a, b) => a.startDate.localeCompare(b.startDate))
    .map((funnel) => {
      const values = fieldValues(type.id, funnel, day);
      return headers.map((header) => values[header]);
    });
  return ok({ headers, rows });
}

export { exportFileName };
