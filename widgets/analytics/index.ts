export { Analytics, type AnalyticsProps } from './Analytics';
export { useAnalyticsController, focusedHeatmapMetric } from './useAnalyticsController';
