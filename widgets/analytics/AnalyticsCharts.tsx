// The recharts graphics of the Analytics screen, loaded lazily so only this screen pulls
// recharts in. They are decoration for sighted users: each chart's figures are also in a
// table (see Analytics.tsx), so the SVG is hidden from assistive technology.
import { Bar, BarChart, CartesianGrid, LabelList, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ConversionFunnel, RoiPoint } from '../../lib/domain/analytics';
import { useT } from '../ui/i18n';

const PRIMARY = '#4338ca';
const INITIAL = { width: 480, height: 260 };
const MARGIN = { top: 20, right: 16, bottom: 8, left: 8 };

export function ConversionFunnelChart({ funnel }: { funnel: ConversionFunnel }) {
  const { t, formatCompact, formatNumber } = useT();
  // The stages differ by orders of magnitude: a log axis keeps Orders visible. A log axis
  // cannot show 0, so bars are drawn from at least 1; labels and tooltips give the real count.
  const data = [
    { name: t('analytics.impressions'), value: funnel.impressions },
    { name: t('analytics.clicks'), value: funnel.clicks },
    { name: t('analytics.orders'), value: funnel.orders },
  ].map((d) => ({ ...d, plotted: Math.max(d.value, 1) }));
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <BarChart data={data} accessibilityLayer={false} margin={MARGIN}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" />
        <YAxis scale="log" domain={[1, 'auto']} allowDataOverflow tickFormatter={(v: number) => formatCompact(v)} width={56} />
        <Tooltip formatter={(_v, _name, item) => formatNumber((item.payload as { value: number }).value)} />
        <Bar dataKey="plotted" name={t('analytics.count')} fill={PRIMARY} radius={[4, 4, 0, 0]} isAnimationActive={false}>
          <LabelList dataKey="value" position="top" formatter={(v) => (typeof v === 'number' ? formatCompact(v) : String(v ?? ''))} />
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function RoiTrendChart({ points }: { points: readonly RoiPoint[] }) {
  const { t, formatNumber, formatPattern } = useT();
  const roi = (v: number, digits: number) => t('analytics.roi', { value: formatNumber(v, { minimumFractionDigits: digits, maximumFractionDigits: digits }) });
  const data = points.map((p) => ({ ...p, label: formatPattern(`${p.month}-15T12:00:00Z`, 'MMM yyyy', 'UTC') }));
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={INITIAL}>
      <LineChart data={data} accessibilityLayer={false} margin={MARGIN}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/* Padding keeps the first and last labels ("Nov 2026") inside the chart instead of cut at its edge. */}
        <XAxis dataKey="label" padding={{ left: 28, right: 28 }} />
        <YAxis tickFormatter={(v: number) => t('analytics.roi', { value: formatNumber(v) })} width={48} />
        <Tooltip formatter={(v) => (typeof v === 'number' ? roi(v, 2) : t('analytics.noData'))} />
        {/* A month without data is a gap in the line, as on the dashboard chart, not a bridge across it. */}
        <Line type="monotone" dataKey="roi" name={t('analytics.roiLabel')} stroke={PRIMARY} strokeWidth={2} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

