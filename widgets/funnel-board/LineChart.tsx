export interface LineSeries {
  label: string;
  color: string;
  points: { month: string; value: number }[];
}

/**
 * A small SVG line chart drawn locally (no chart library: it renders the same in a shadow
 * root and under a strict CSP). A visually hidden table gives the same figures to screen readers.
 */
export function LineChart({ title, series, format = (v: number) => v.toFixed(1) }: { title: string; series: LineSeries[]; format?(value: number): string }) {
  const width = 560;
  const height = 200;
  const pad = { left: 36, right: 12, top: 12, bottom: 24 };
  const months = series[0]?.points.map((p) => p.month) ?? [];
  const max = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.value)));
  const x = (i: number) => pad.left + (months.length <= 1 ? 0 : (i * (width - pad.left - pad.right)) / (months.length - 1));
  const y = (v: number) => pad.top + (1 - v / max) * (height - pad.top - pad.bottom);
  const ticks = [0, max / 2, max];
  return (
    <figure className="cf-chart-figure" style={{ margin: 0 }}>
      <svg className="cf-chart" viewBox={`0 0 ${width} ${height}`} role="img" aria-label={title}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.left} x2={width - pad.right} y1={y(t)} y2={y(t)} stroke="#e5e7eb" />
            <text x={pad.left - 6} y={y(t) + 4} textAnchor="end">
              {format(t)}
            </text>
          </g>
        ))}
        {months.map((m, i) => (
          <text key={m + i} x={x(i)} y={height - 6} textAnchor="middle">
            {m}
          </text>
        ))}
        {series.map((s) => (
          <g key={s.label}>
            <polyline fill="none" stroke={s.color} strokeWidth={2.5} points={s.points.map((p, i) => `${x(i)},${y(p.value)}`).join(' ')} />
            {s.points.map((p, i) => (
              <circle key={i} cx={x(i)} cy={y(p.value)} r={3.5} fill={s.color} />
            ))}
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
      <table className="cf-visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
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
                <td key={s.label}>{format(s.points[i]?.value ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
