// Funnel board styles, plus react-grid-layout's and react-resizable's CSS (copied from
// react-grid-layout/css/styles.css and react-resizable/css/styles.css) so they live inside
// a shadow root too: no CSS imports.

export const gridLayoutStyles = `
.react-grid-layout { position: relative; transition: height 200ms ease; }
.react-grid-item { transition: all 200ms ease; transition-property: left, top, width, height; }
.react-grid-item img { pointer-events: none; user-select: none; }
.react-grid-item.cssTransforms { transition-property: transform, width, height; }
.react-grid-item.resizing { transition: none; z-index: 1; will-change: width, height; }
.react-grid-item.react-draggable-dragging { transition: none; z-index: 3; will-change: transform; }
.react-grid-item.dropping { visibility: hidden; }
.react-grid-item.react-grid-placeholder { background: var(--cf-color-primary); opacity: 0.2; transition-duration: 100ms; z-index: 2; user-select: none; border-radius: var(--cf-radius); }
.react-grid-item.react-grid-placeholder.placeholder-resizing { transition: none; }
.react-grid-item > .react-resizable-handle { position: absolute; width: 20px; height: 20px; }
.react-grid-item > .react-resizable-handle::after { content: ""; position: absolute; right: 3px; bottom: 3px; width: 5px; height: 5px; border-right: 2px solid rgba(0, 0, 0, 0.4); border-bottom: 2px solid rgba(0, 0, 0, 0.4); }
.react-resizable-hide > .react-resizable-handle { display: none; }
.react-grid-item > .react-resizable-handle.react-resizable-handle-se { bottom: 0; right: 0; cursor: se-resize; }
.react-grid-item > .react-resizable-handle.react-resizable-handle-sw { bottom: 0; left: 0; cursor: sw-resize; transform: rotate(90deg); }
.react-grid-item > .react-resizable-handle.react-resizable-handle-nw { top: 0; left: 0; cursor: nw-resize; transform: rotate(180deg); }
.react-grid-item > .react-resizable-handle.react-resizable-handle-ne { top: 0; right: 0; cursor: ne-resize; transform: rotate(270deg); }
.react-resizable { position: relative; }
.react-resizable-handle { position: absolute; width: 20px; height: 20px; box-sizing: border-box; }
`;

export const funnelBoardStyles = `
${gridLayoutStyles}
.cf-page-head { display: flex; align-items: baseline; gap: 12px; flex-wrap: wrap; }
.cf-subtitle { margin: -8px 0 16px; color: var(--cf-color-muted); }
.cf-funnel-toolbar { margin: 12px 0; gap: 8px; }
.cf-funnel-search { min-width: 260px; flex: 1 1 260px; max-width: 420px; }
.cf-popover-wrap { position: relative; }
.cf-popover { position: absolute; top: calc(100% + 6px); left: 0; z-index: 30; display: flex; gap: 16px; padding: 14px; background: var(--cf-color-surface); border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); box-shadow: 0 8px 24px rgb(16 24 40 / 16%); }
.cf-popover[hidden] { display: none; }
.cf-filter-group { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; min-width: 120px; }
.cf-filter-group legend { font-weight: 650; margin-bottom: 6px; padding: 0; }
.cf-count { display: inline-flex; align-items: center; justify-content: center; min-width: 20px; height: 20px; padding: 0 6px; border-radius: 999px; background: var(--cf-color-primary); color: var(--cf-color-primary-text); font-size: 0.75rem; }
.cf-chip-list { display: flex; gap: 6px; flex-wrap: wrap; list-style: none; margin: 0; padding: 0; }
.cf-chip { display: inline-flex; align-items: center; gap: 4px; padding: 2px 4px 2px 10px; border-radius: 999px; background: var(--cf-color-blue-bg); color: var(--cf-color-blue); font-size: 0.85rem; }
.cf-chip-remove { border: 0; background: transparent; color: inherit; font: inherit; font-size: 1rem; line-height: 1; width: 24px; height: 24px; border-radius: 50%; cursor: pointer; }
.cf-chip-remove:hover { background: rgb(0 0 0 / 8%); }

.cf-funnel-scroll { overflow: auto; height: 100%; min-height: 200px; contain: strict; }
.cf-funnel-list { position: relative; width: 100%; }
.cf-funnel-row { position: absolute; top: 0; left: 0; width: 100%; padding: 0 2px; }
.cf-funnel-card { cursor: pointer; display: flex; flex-direction: column; gap: 10px; }
.cf-funnel-card[data-selected] { border-color: var(--cf-color-primary); box-shadow: 0 0 0 2px var(--cf-color-primary); }
.cf-funnel-head { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 12px; }
/* On a narrow card the name, handle and id keep their room: the status moves to a line of its own. */
.cf-funnel-who { flex: 1 1 9rem; min-width: 0; }
.cf-root .cf-funnel-name { margin: 0; font-size: 1rem; }
.cf-funnel-name a { color: var(--cf-color-text); text-decoration: none; }
.cf-funnel-name a:hover { text-decoration: underline; }
.cf-funnel-meta { margin: 0; display: flex; flex-wrap: wrap; gap: 0 8px; font-size: 0.85rem; }
.cf-funnel-facts { display: flex; gap: 12px; flex-wrap: wrap; font-size: 0.85rem; }
.cf-star { border: 0; background: transparent; font-size: 1.35rem; line-height: 1; cursor: pointer; color: var(--cf-color-muted); padding: 4px; border-radius: 6px; }
.cf-star[aria-pressed="true"] { color: #d97706; }
.cf-star:disabled { cursor: not-allowed; opacity: 0.6; }
.cf-progress { height: 6px; border-radius: 999px; background: var(--cf-color-surface-2); overflow: hidden; }
.cf-progress > span { display: block; height: 100%; background: var(--cf-color-primary); }
.cf-step-progress { margin: 0 0 8px; font-weight: 600; }
.cf-timeline { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.cf-timeline-step { display: flex; gap: 10px; align-items: flex-start; }
.cf-timeline-dot { flex: none; width: 24px; height: 24px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 0.75rem; font-weight: 700; background: var(--cf-color-surface-2); color: var(--cf-color-muted); border: 1px solid var(--cf-color-border); }
.cf-timeline-step[data-state="completed"] .cf-timeline-dot { background: var(--cf-color-green-bg); color: var(--cf-color-green); border-color: transparent; }
.cf-timeline-step[data-state="current"] .cf-timeline-dot { background: var(--cf-color-primary); color: var(--cf-color-primary-text); border-color: transparent; }
.cf-timeline-body { flex: 1; min-width: 0; }
.cf-timeline-name { font-weight: 550; }
.cf-timeline-desc { margin: 0; font-size: 0.85rem; }
.cf-step-editor { flex: 1; gap: 8px; }

.cf-widget { height: 100%; display: flex; flex-direction: column; overflow: hidden; padding: 0; }
.cf-widget-head { display: flex; align-items: center; gap: 8px; padding: 10px 14px; border-bottom: 1px solid var(--cf-color-border); }
.cf-root .cf-widget-head h2 { margin: 0; font-size: 1rem; flex: 1; }
.cf-drag-handle { cursor: grab; border: 0; background: transparent; color: var(--cf-color-muted); font-size: 1.1rem; padding: 2px 6px; border-radius: 6px; user-select: none; touch-action: none; }
.cf-drag-handle:active { cursor: grabbing; }
.cf-widget-body { flex: 1; min-height: 0; overflow: auto; padding: 14px; }
.cf-widget-body.cf-widget-list { display: flex; flex-direction: column; overflow: hidden; padding-bottom: 0; }
.cf-widget-body.cf-widget-list .cf-funnel-scroll { flex: 1; min-height: 0; }

.cf-kpis { display: grid; grid-template-columns: repeat(auto-fit, minmax(170px, 1fr)); gap: 12px; }
.cf-root a.cf-kpi, .cf-kpi { display: flex; flex-direction: column; gap: 2px; text-align: left; padding: 12px 14px; border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); background: var(--cf-color-surface); color: var(--cf-color-text); text-decoration: none; }
.cf-kpi:hover { background: var(--cf-color-surface-2); }
.cf-kpi-value { font-size: 1.4rem; font-weight: 650; }
.cf-kpi-trend[data-direction="up"] { color: var(--cf-color-green); }
.cf-kpi-trend[data-direction="down"] { color: var(--cf-color-red); }
.cf-kpi-tile { display: flex; flex-direction: column; gap: 4px; min-width: 0; }
.cf-kpi-tile .cf-kpi { flex: 1; }
.cf-kpi-how { font-size: 0.75rem; margin: 0; }
.cf-chart { width: 100%; height: auto; max-height: 240px; }
.cf-chart text { font-size: 11px; fill: var(--cf-color-muted); }
.cf-chart-legend { display: flex; gap: 12px; flex-wrap: wrap; font-size: 0.8rem; list-style: none; margin: 6px 0 0; padding: 0; }
.cf-chart-legend i { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; }

.cf-collapsible-body[hidden] { display: none; }
.cf-upload { border: 2px dashed var(--cf-color-border); border-radius: var(--cf-radius); padding: 16px; text-align: center; display: flex; flex-direction: column; gap: 6px; align-items: center; }
.cf-upload[data-dragging] { border-color: var(--cf-color-primary); background: var(--cf-color-surface-2); }
.cf-scores { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
.cf-score { display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; font-size: 0.9rem; }
.cf-score meter { grid-column: 1 / -1; width: 100%; height: 8px; }
.cf-tags { display: flex; flex-wrap: wrap; gap: 6px; list-style: none; margin: 0; padding: 0; }
.cf-tag { display: inline-flex; align-items: center; gap: 2px; padding: 2px 4px 2px 10px; border-radius: 999px; background: var(--cf-color-purple-bg); color: var(--cf-color-purple); font-size: 0.85rem; }
.cf-suggestion { border: 1px dashed var(--cf-color-purple); background: transparent; color: var(--cf-color-purple); border-radius: 999px; padding: 2px 10px; font: inherit; font-size: 0.85rem; cursor: pointer; }
.cf-suggested { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.cf-suggested li { display: flex; align-items: center; gap: 10px; }
.cf-suggested-who { flex: 1; min-width: 0; }
.cf-suggested-who p { margin: 0; }
.cf-wizard-steps { list-style: none; margin: 0; padding: 0; display: flex; gap: 8px; flex-wrap: wrap; counter-reset: step; font-size: 0.85rem; }
.cf-wizard-steps li { counter-increment: step; display: inline-flex; align-items: center; gap: 6px; color: var(--cf-color-muted); }
.cf-wizard-steps li::before { content: counter(step); display: inline-grid; place-items: center; width: 22px; height: 22px; border-radius: 50%; border: 1px solid var(--cf-color-border); font-weight: 650; }
.cf-wizard-steps li[data-state="current"] { color: var(--cf-color-text); font-weight: 650; }
.cf-wizard-steps li[data-state="current"]::before { background: var(--cf-color-primary); border-color: var(--cf-color-primary); color: var(--cf-color-primary-text); }
.cf-wizard-steps li[data-state="done"]::before { background: var(--cf-color-green-bg); border-color: transparent; color: var(--cf-color-green); }
.cf-wizard-body { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; min-width: 0; }
.cf-wizard-body legend { font-weight: 650; padding: 0; margin-bottom: 8px; }
.cf-wizard-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(160px, 1fr)); gap: 12px; }
.cf-small { font-size: 0.8rem; }
.cf-section-title { font-size: 0.9rem; font-weight: 650; margin: 12px 0 6px; }
`;
