// Formatting of spec §9 (dates MMM d, yyyy; HH:mm; history MMM d, HH:mm), in the workspace time zone.
import { format as formatDate } from 'date-fns/format';
import { DATE_FORMATS } from '../domain/constants';
import { toZonedWallTime } from '../i18n/zone';

export { toZonedWallTime };

function formatIn(iso: string | Date, pattern: string, timeZone?: string): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '—';
  return formatDate(timeZone ? toZonedWallTime(date, timeZone) : date, pattern);
}

export const formatDay = (iso: string | Date, timeZone?: string) => formatIn(iso, DATE_FORMATS.date, timeZone);
export const formatTime = (iso: string | Date, timeZone?: string) => formatIn(iso, DATE_FORMATS.time, timeZone);
export const formatHistory = (iso: string | Date, timeZone?: string) => formatIn(iso, DATE_FORMATS.history, timeZone);
export const formatDateTime = (iso: string | Date, timeZone?: string) => formatIn(iso, DATE_FORMATS.dateTime, timeZone);
export const formatIsoDay = (date: Date) => formatDate(date, 'yyyy-MM-dd');

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (amount: number) => usd.format(amount);
export const formatPercent = (value: number, digits = 1) => `${value.toFixed(digits)}%`;
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const formatCompact = (value: number) => compact.format(value);

/** 'just now', '5 minutes ago', '3 hours ago', '2 days ago'. */
export function formatRelative(iso: string, now: Date): string {
  const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
  if (!Number.isFinite(seconds)) return '—';
  if (seconds < 60) return 'just now';
  const units: [number, string][] = [
    [60 * 60 * 24 * 365, 'year'],
    [60 * 60 * 24 * 30, 'month'],
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, unit] of units) {
    const count = Math.floor(seconds / size);
    if (count >= 1) return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
  }
  return 'just now';
}
