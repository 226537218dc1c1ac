export const creatorStyles = `
.cf-creator-head { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; }
.cf-root .cf-creator-head h1 { margin: 0; }
.cf-creator-head p { margin: 0; }
.cf-back { display: inline-block; margin-bottom: 12px; }
.cf-creator-grid { display: grid; grid-template-columns: minmax(0, 2fr) minmax(240px, 1fr); gap: 16px; align-items: start; }
@media (max-width: 900px) { .cf-creator-grid { grid-template-columns: 1fr; } }
.cf-progress-steps { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.cf-progress-step { border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); }
.cf-progress-step[data-state="current"] { border-color: var(--cf-color-primary); }
.cf-progress-toggle { width: 100%; display: flex; align-items: center; gap: 10px; padding: 10px 12px; border: 0; background: transparent; font: inherit; text-align: left; cursor: pointer; color: var(--cf-color-text); border-radius: var(--cf-radius); }
.cf-progress-toggle:hover { background: var(--cf-color-surface-2); }
.cf-progress-panel { padding: 0 12px 12px 46px; display: flex; flex-direction: column; gap: 8px; }
.cf-progress-panel p { margin: 0; }
.cf-dot { flex: none; width: 24px; height: 24px; border-radius: 50%; display: inline-flex; align-items: center; justify-content: center; font-size: 0.75rem; font-weight: 700; background: var(--cf-color-surface-2); color: var(--cf-color-muted); }
.cf-progress-step[data-state="completed"] .cf-dot { background: var(--cf-color-green-bg); color: var(--cf-color-green); }
.cf-progress-step[data-state="current"] .cf-dot { background: var(--cf-color-primary); color: var(--cf-color-primary-text); }
.cf-quick-actions { display: flex; flex-direction: column; gap: 8px; }
.cf-quick-actions .cf-button { justify-content: flex-start; }
.cf-root a.cf-button:not([data-variant]) { color: var(--cf-color-text); }
.cf-doc-section { border-top: 1px solid var(--cf-color-border); padding-top: 12px; }
.cf-doc-section p, .cf-doc-section ul { margin: 0; }
.cf-details { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; }
.cf-details dt { color: var(--cf-color-muted); }
.cf-details dd { margin: 0; }
.cf-label-sheet { border: 2px solid var(--cf-color-text); border-radius: 4px; padding: 16px; max-width: 420px; background: #fff; color: #000; font-family: ui-monospace, Menlo, Consolas, monospace; display: flex; flex-direction: column; gap: 10px; }
.cf-label-sheet h2 { font-size: 1rem; margin: 0; }
.cf-label-sheet p { margin: 0; white-space: pre-line; }
.cf-creator-address { margin: 0; white-space: pre-line; font-style: normal; }
.cf-barcode { display: flex; height: 48px; gap: 1px; align-items: stretch; }
.cf-barcode i { background: #000; display: block; }
.cf-events { list-style: none; margin: 0; padding: 0; }
.cf-events li { border-left: 3px solid var(--cf-color-primary); padding: 4px 0 4px 12px; }
.cf-history { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.cf-history li { border-left: 3px solid var(--cf-color-border); padding-left: 10px; }
@media print {
  .cf-noprint { display: none !important; }
  .cf-label-sheet { border-color: #000; }
}
`;
