import { useT } from '../ui/i18n';

export interface LineSeries {
  label: string;
  color: string;
  /** A null value is a month without data: the line breaks there, as on the Analytics charts. */
  points: { month: string; value: number | null }[];
}

/** The domain's months are English abbreviations ('Jan'); the chart says them in the screen's language. */
const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The runs of consecutive months that have a value: each is drawn as its own line. */
function segments(points: LineSeries['points']): { index: number; value: number }[][] {
  const runs: { index: number; value: number }[][] = [];
  let run: { index: number; value: number }[] = [];
  points.forEach((p, index) => {
    if (p.value === null) {
      if (run.length) runs.push(run);
      run = [];
    } else run.push({ index, value: p.value });
  });
  if (run.length) runs.push(run);
  return runs;
}

/**
 * A small SVG line chart drawn locally (no chart library: it renders the same in a shadow
 * root and under a strict CSP). A visually hidden table gives the same figures to screen readers.
 */
export function LineChart({ title, series, format }: { title: string; series: LineSeries[]; format?(value: number): string }) {
  const { t, formatNumber, formatPattern } = useT();
  const figure = format ?? ((v: number) => formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }));
  // What a month without data reads, as on the Analytics screen.
  const noData = t('analytics.noData');
  const monthName = (month: string) => {
    const index = MONTH_ABBREVIATIONS.indexOf(month);
    return index < 0 ? month : formatPattern(new Date(2000, index, 1), 'MMM');
  };
  const width = 560;
  const height = 200;
  const pad = { left: 36, right: 12, top: 12, bottom: 24 };
  const months = series[0]?.points.map((p) => monthName(p.month)) ?? [];
  const max = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.value ?? 0)));
  // Months where no series has data: said on the chart rather than drawn as 0.
  const empty = months.map((_, i) => series.every((s) => s.points[i]?.value === null || s.points[i]?.value === undefined));
  const x = (i: number) => pad.left + (months.length <= 1 ? 0 : (i * (width - pad.left - pad.right)) / (months.length - 1));
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const ticks = [0, max / 2, max];
  return (
    <figure className="cf-chart-figure" style={{ margin: 0 }}>
      <svg className="cf-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} stroke="#e5e7eb" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end">
              {figure(tick)}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <text key={m + i} x={x(i)} y={height - 6} textAnchor="middle">
            {m}
          </text>
        ))}
        {months.map((m, i) =>
          empty[i] ? (
            <text key={`empty-${m}${i}`} className="cf-chart-gap" x={x(i)} y={y(0) - 6} textAnchor="middle">
              {noData}
            </text>
          ) : null,
        )}
        {series.map((s) => (
          <g key={s.label}>
            {segments(s.points).map((run) => (
              <polyline key={run[0].index} fill="none" stroke={s.color} strokeWidth={2.5} points={run.map((p) => `${x(p.index)},${y(p.value)}`).join(' ')} />
            ))}
            {s.points.map((p, i) => (p.value === null ? null : <circle key={i} cx={x(i)} cy={y(p.value)} r={3.5} fill={s.color} />))}
          </g>
        ))}
      </svg>
      <ul className="cf-chart-legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label}>
            <i style={{ background: s.color }} />
            {s.label}
          </li>
        ))}
      </ul>
      {/* A table is as wide as its content whatever its width: the wrapper clips it, so it never widens the page. */}
      <div className="cf-visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analytics.month')}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {months.map((m, i) => (
              <tr key={m + i}>
                <th scope="row">{m}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.points[i]?.value == null ? noData : figure(s.points[i].value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
