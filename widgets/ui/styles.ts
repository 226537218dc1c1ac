// Design tokens and the shared primitives' styles. Styles are plain strings adopted as
// constructable stylesheets into whichever root renders them (the document, or an
// element's shadow root), so they work the same in the host app, in npm consumers and
// in custom elements, and need no inline <style> (strict CSP).

/**
 * The theming surface for embedders: override any --cf-* property on the element (custom
 * elements) or on any ancestor of a screen (React), e.g. `.my-app { --cf-color-primary: teal }`.
 */
export const tokens = `
:host, :root {
  --cf-font: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
  --cf-font-size: 14px;
  --cf-color-bg: #f6f7fb;
  --cf-color-surface: #ffffff;
  --cf-color-surface-2: #f1f3f8;
  --cf-color-text: #1b1f2a;
  --cf-color-muted: #5a6272;
  --cf-color-border: #d9dde6;
  --cf-color-primary: #4338ca;
  --cf-color-primary-text: #ffffff;
  --cf-color-danger: #b42318;
  --cf-color-focus: #2563eb;
  --cf-color-blue: #1d4ed8;
  --cf-color-blue-bg: #dbeafe;
  --cf-color-green: #166534;
  --cf-color-green-bg: #dcfce7;
  --cf-color-yellow: #854d0e;
  --cf-color-yellow-bg: #fef3c7;
  --cf-color-orange: #9a3412;
  --cf-color-orange-bg: #ffedd5;
  --cf-color-purple: #6b21a8;
  --cf-color-purple-bg: #f3e8ff;
  --cf-color-red: #b42318;
  --cf-color-red-bg: #fee2e2;
  --cf-color-gray: #374151;
  --cf-color-gray-bg: #e5e7eb;
  --cf-radius: 8px;
  --cf-space: 8px;
  --cf-shadow: 0 1px 2px rgb(16 24 40 / 8%), 0 1px 3px rgb(16 24 40 / 10%);
}
`;

export const baseStyles = `
${tokens}
/*
 * An element sits in somebody else's page. Page rules reach the host element itself (a
 * "* { box-sizing: content-box !important }"), and inherited text properties (letter-spacing,
 * a body font or colour marked !important) flow into the shadow root through it. The host keeps
 * a robust box (an !important declaration in the shadow's own :host rule wins over the page's),
 * and the screen's root starts every inherited property afresh.
 */
:host { display: block; box-sizing: border-box !important; max-width: 100% !important; min-width: 0 !important; }
:host > .cf-root, :host > * > .cf-root {
  font-style: normal; font-variant: normal; font-weight: 400; font-stretch: normal;
  letter-spacing: normal; word-spacing: normal; text-transform: none; text-indent: 0; text-align: start;
  text-shadow: none; text-decoration: none; white-space: normal; word-break: normal; overflow-wrap: normal;
  font-kerning: auto; font-feature-settings: normal; font-variation-settings: normal; hyphens: manual;
  visibility: visible; cursor: auto; list-style: disc outside none;
  quotes: auto; tab-size: 8; border-collapse: separate; border-spacing: 0; caption-side: top; empty-cells: show;
}
.cf-root { font-family: var(--cf-font); font-size: var(--cf-font-size); color: var(--cf-color-text); line-height: 1.45; box-sizing: border-box; }
.cf-root *, .cf-root *::before, .cf-root *::after { box-sizing: inherit; }
.cf-root h1 { font-size: 1.5rem; margin: 0 0 calc(var(--cf-space) * 2); }
.cf-root h2 { font-size: 1.15rem; margin: 0 0 var(--cf-space); }
.cf-root h3 { font-size: 1rem; margin: 0 0 var(--cf-space); }
.cf-root :focus-visible { outline: 3px solid var(--cf-color-focus); outline-offset: 2px; }
.cf-root a { color: var(--cf-color-primary); }
.cf-visually-hidden { position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
.cf-stack { display: flex; flex-direction: column; gap: calc(var(--cf-space) * 2); }
.cf-row { display: flex; align-items: center; gap: var(--cf-space); flex-wrap: wrap; }
.cf-spacer { flex: 1; }
.cf-muted { color: var(--cf-color-muted); }
.cf-progress { height: 8px; border-radius: 999px; background: var(--cf-color-gray-bg); overflow: hidden; }
.cf-progress > span { display: block; height: 100%; background: var(--cf-color-primary); }
.cf-card { background: var(--cf-color-surface); border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); padding: calc(var(--cf-space) * 2); box-shadow: var(--cf-shadow); }
.cf-grid-cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(180px, 1fr)); gap: calc(var(--cf-space) * 2); }
.cf-stat-label { color: var(--cf-color-muted); font-size: 0.85rem; margin: 0; }
.cf-stat-value { font-size: 1.5rem; font-weight: 650; margin: 4px 0 0; }

.cf-button { display: inline-flex; align-items: center; justify-content: center; gap: 6px; min-height: 36px; padding: 0 14px; border-radius: var(--cf-radius); border: 1px solid var(--cf-color-border); background: var(--cf-color-surface); color: var(--cf-color-text); font: inherit; font-weight: 550; cursor: pointer; text-decoration: none; }
.cf-button:hover:not(:disabled) { background: var(--cf-color-surface-2); }
.cf-button[data-variant="primary"] { background: var(--cf-color-primary); border-color: var(--cf-color-primary); color: var(--cf-color-primary-text); }
.cf-button[data-variant="primary"]:hover:not(:disabled) { filter: brightness(1.1); background: var(--cf-color-primary); }
.cf-outreach-failed { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; margin: 8px 0 0; color: var(--cf-color-danger); font-size: 0.9rem; overflow-wrap: anywhere; }
.cf-button[data-variant="danger"] { background: var(--cf-color-danger); border-color: var(--cf-color-danger); color: #fff; }
.cf-button[data-variant="ghost"] { border-color: transparent; background: transparent; }
.cf-button[data-size="small"] { min-height: 28px; padding: 0 10px; font-size: 0.85rem; }
.cf-button:disabled { opacity: 0.55; cursor: not-allowed; }
.cf-icon-button { min-width: 36px; padding: 0 8px; }

.cf-field { display: flex; flex-direction: column; gap: 4px; }
.cf-field label, .cf-label { font-weight: 550; font-size: 0.9rem; }
.cf-input, .cf-select, .cf-textarea { font: inherit; color: var(--cf-color-text); background: var(--cf-color-surface); border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); padding: 7px 10px; min-height: 36px; max-width: 100%; }
.cf-textarea { min-height: 90px; resize: vertical; }
.cf-input[aria-invalid="true"] { border-color: var(--cf-color-danger); }
.cf-error { color: var(--cf-color-danger); font-size: 0.875rem; margin: 0; }
.cf-check { display: inline-flex; align-items: center; gap: 6px; }

.cf-badge { display: inline-flex; align-items: center; padding: 2px 8px; border-radius: 999px; font-size: 0.78rem; font-weight: 600; white-space: nowrap; }
.cf-badge[data-color="blue"] { background: var(--cf-color-blue-bg); color: var(--cf-color-blue); }
.cf-badge[data-color="green"] { background: var(--cf-color-green-bg); color: var(--cf-color-green); }
.cf-badge[data-color="yellow"] { background: var(--cf-color-yellow-bg); color: var(--cf-color-yellow); }
.cf-badge[data-color="orange"] { background: var(--cf-color-orange-bg); color: var(--cf-color-orange); }
.cf-badge[data-color="purple"] { background: var(--cf-color-purple-bg); color: var(--cf-color-purple); }
.cf-badge[data-color="red"] { background: var(--cf-color-red-bg); color: var(--cf-color-red); }
.cf-badge[data-color="gray"] { background: var(--cf-color-gray-bg); color: var(--cf-color-gray); }

.cf-dialog { border: 1px solid var(--cf-color-border); border-radius: calc(var(--cf-radius) * 1.5); padding: 0; width: min(520px, calc(100vw - 32px)); color: var(--cf-color-text); background: var(--cf-color-surface); font-family: var(--cf-font); }
.cf-dialog::backdrop { background: rgb(15 23 42 / 45%); }
.cf-dialog-header { display: flex; align-items: center; justify-content: space-between; padding: 16px 20px 0; }
.cf-dialog-body { padding: 16px 20px; display: flex; flex-direction: column; gap: 12px; }
.cf-dialog-footer { display: flex; justify-content: flex-end; gap: 8px; padding: 0 20px 16px; }

/* A table scrolls sideways inside its own frame on a narrow screen, never the page. The frame is
   positioned so that what sits absolutely inside it (visually hidden labels) scrolls with it too. */
.cf-table-wrap { position: relative; max-width: 100%; border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); background: var(--cf-color-surface); overflow: auto; }
/* A table wider than its box fades at the side that hides more columns, and says so under it. */
.cf-table-wrap[data-more="end"]:not(:focus-visible) { mask-image: linear-gradient(to right, #000 calc(100% - 40px), transparent); }
.cf-table-wrap[data-more="start"]:not(:focus-visible) { mask-image: linear-gradient(to left, #000 calc(100% - 40px), transparent); }
.cf-table-wrap[data-more="both"]:not(:focus-visible) { mask-image: linear-gradient(to right, transparent, #000 40px, #000 calc(100% - 40px), transparent); }
.cf-scroll-hint { margin: 4px 0 0; font-size: 0.8125rem; color: var(--cf-color-muted); text-align: end; }
.cf-table { width: 100%; border-collapse: collapse; }
.cf-table th, .cf-table td { text-align: left; padding: 10px 12px; border-bottom: 1px solid var(--cf-color-border); vertical-align: middle; }
.cf-table th { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.03em; color: var(--cf-color-muted); background: var(--cf-color-surface-2); position: sticky; top: 0; z-index: 1; }
.cf-table tbody tr[data-interactive="true"] { cursor: pointer; }
.cf-table tbody tr[data-interactive="true"]:hover { background: var(--cf-color-surface-2); }
/* Drawn inside the row: a table wrap that scrolls clips anything drawn outside its rows. */
.cf-table tbody tr[tabindex]:focus-visible { outline-offset: -3px; }

.cf-tabs [role="tablist"] { display: flex; gap: 4px; border-bottom: 1px solid var(--cf-color-border); flex-wrap: wrap; }
.cf-tab { border: 0; background: transparent; font: inherit; padding: 8px 14px; cursor: pointer; color: var(--cf-color-muted); border-bottom: 2px solid transparent; }
.cf-tab[aria-selected="true"] { color: var(--cf-color-primary); border-bottom-color: var(--cf-color-primary); font-weight: 600; }
.cf-tabs[data-orientation="vertical"] { display: flex; gap: 16px; }
.cf-tabs[data-orientation="vertical"] [role="tablist"] { flex-direction: column; border-bottom: 0; border-right: 1px solid var(--cf-color-border); min-width: 200px; }
.cf-tabs[data-orientation="vertical"] .cf-tab { text-align: left; border-bottom: 0; border-right: 2px solid transparent; }
.cf-tabs[data-orientation="vertical"] .cf-tab[aria-selected="true"] { border-right-color: var(--cf-color-primary); }
.cf-tabs[data-orientation="vertical"] > .cf-tabpanel { flex: 1; min-width: 0; }
/* Phones: side tabs go on top, in rows, and the panel gets the full width. */
@media (max-width: 640px) {
  .cf-tabs[data-orientation="vertical"] { flex-direction: column; }
  .cf-tabs[data-orientation="vertical"] [role="tablist"] { flex-direction: row; flex-wrap: wrap; min-width: 0; border-right: 0; border-bottom: 1px solid var(--cf-color-border); }
  .cf-tabs[data-orientation="vertical"] .cf-tab { border-right: 0; border-bottom: 2px solid transparent; }
  .cf-tabs[data-orientation="vertical"] .cf-tab[aria-selected="true"] { border-bottom-color: var(--cf-color-primary); }
}

.cf-menu { position: relative; display: inline-block; }
.cf-menu [role="menu"] { position: absolute; right: 0; top: calc(100% + 4px); min-width: 180px; background: var(--cf-color-surface); border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); box-shadow: var(--cf-shadow); padding: 4px; z-index: 20; display: flex; flex-direction: column; }
.cf-menu [role="menuitem"] { text-align: left; border: 0; background: transparent; padding: 8px 10px; border-radius: 6px; font: inherit; cursor: pointer; color: var(--cf-color-text); }
.cf-menu [role="menuitem"]:hover, .cf-menu [role="menuitem"]:focus { background: var(--cf-color-surface-2); }

.cf-banner { display: flex; align-items: center; gap: 12px; padding: 10px 14px; border-radius: var(--cf-radius); background: var(--cf-color-yellow-bg); color: var(--cf-color-yellow); border: 1px solid #f5d67a; margin-bottom: 12px; flex-wrap: wrap; }
.cf-banner[data-tone="info"] { background: var(--cf-color-blue-bg); color: var(--cf-color-blue); border-color: #bfdbfe; }
.cf-banner[data-tone="error"] { background: var(--cf-color-red-bg); color: var(--cf-color-red); border-color: #f5b5b5; }
.cf-empty { text-align: center; padding: 32px 16px; color: var(--cf-color-muted); }
.cf-empty strong { display: block; color: var(--cf-color-text); font-size: 1.05rem; margin-bottom: 4px; }
.cf-avatar { border-radius: 50%; flex: none; display: inline-block; }
`;
