export const analyticsStyles = `
.cf-analytics-header { display: flex; gap: 12px; align-items: end; flex-wrap: wrap; }
.cf-analytics-header .cf-field { min-width: 180px; }
.cf-analytics-charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 16px; }
.cf-analytics-chart { margin: 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
.cf-analytics-chart figcaption { font-weight: 650; font-size: 1.05rem; }
.cf-chart-box { height: 260px; width: 100%; min-width: 0; }
.cf-chart-summary { margin: 0; color: var(--cf-color-muted); }
.cf-heatmap-wrap { position: relative; max-width: 100%; overflow-x: auto; }
.cf-heatmap { border-collapse: separate; border-spacing: 4px; width: 100%; }
.cf-heatmap th { text-align: left; font-size: 0.85rem; color: var(--cf-color-muted); font-weight: 600; padding: 4px 6px; }
.cf-heatmap th[scope="row"] { color: var(--cf-color-text); white-space: nowrap; }
.cf-heatmap td { text-align: center; font-weight: 650; padding: 10px 6px; border-radius: 6px; min-width: 72px; }
.cf-heatmap td[data-text="white"] { color: #ffffff; }
.cf-heatmap td[data-text="dark"] { color: var(--cf-color-text); }
.cf-heatmap th[data-focus="true"] { color: var(--cf-color-primary); }
.cf-results-table { border-collapse: collapse; width: 100%; }
.cf-results-table th, .cf-results-table td { text-align: right; padding: 6px 8px; border-bottom: 1px solid var(--cf-color-border); white-space: nowrap; }
.cf-results-table th:first-child { text-align: left; }
.cf-results-table thead th { font-size: 0.85rem; color: var(--cf-color-muted); font-weight: 600; }
.cf-figure-how { font-size: 0.85rem; }
.cf-nba { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 16px; margin: 0; padding: 0; list-style: none; }
.cf-nba li { display: flex; flex-direction: column; gap: 8px; align-items: flex-start; }
.cf-nba p { margin: 0; }
.cf-back { align-self: flex-start; }
`;
