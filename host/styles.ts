export const shellStyles = `
html, body { margin: 0; background: var(--cf-color-bg, #f6f7fb); }
/* Toasts start below the top bar, so they never cover the search, the bell or the user menu. */
.cf-shell { --cf-toast-offset-top: 68px; }
.cf-shell { display: grid; grid-template-columns: 220px minmax(0, 1fr); grid-template-rows: auto 1fr; grid-template-areas: "top top" "side content"; min-height: 100vh; background: var(--cf-color-bg); }
.cf-topbar { grid-area: top; position: sticky; top: 0; z-index: 30; display: flex; align-items: center; gap: 12px; padding: 8px 16px; background: var(--cf-color-surface); border-bottom: 1px solid var(--cf-color-border); }
.cf-brand { font-weight: 700; font-size: 1.1rem; margin: 0 12px 0 0; color: var(--cf-color-primary); text-decoration: none; white-space: nowrap; }
.cf-sidebar-toggle { display: none; }
.cf-sidebar { grid-area: side; background: var(--cf-color-surface); border-right: 1px solid var(--cf-color-border); padding: 16px 12px; }
.cf-sidebar ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; position: sticky; top: 72px; }
.cf-sidebar a { display: block; padding: 8px 12px; border-radius: var(--cf-radius); color: var(--cf-color-text); text-decoration: none; }
.cf-sidebar a:hover { background: var(--cf-color-surface-2); }
.cf-sidebar a[aria-current="page"] { background: var(--cf-color-primary); color: var(--cf-color-primary-text); font-weight: 600; }
.cf-sidebar-scrim { display: none; }
.cf-content { grid-area: content; min-width: 0; padding: 16px 24px 24px; }
.cf-main { min-width: 0; }
.cf-main:focus { outline: none; }
.cf-skip-link { position: absolute; left: -9999px; }
.cf-skip-link:focus { left: 8px; top: 8px; z-index: 100; background: var(--cf-color-surface); padding: 8px; }

.cf-breadcrumb ol { list-style: none; display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 16px; padding: 0; font-size: 0.9rem; color: var(--cf-color-muted); }
.cf-breadcrumb li { text-transform: capitalize; }
.cf-breadcrumb li + li::before { content: "/"; margin-right: 6px; color: var(--cf-color-border); }
.cf-breadcrumb [aria-current="page"] { color: var(--cf-color-text); font-weight: 600; }

.cf-top-search { position: relative; flex: 1 1 320px; max-width: 480px; }
.cf-top-search .cf-input { width: 100%; padding-right: 36px; }
.cf-top-search-clear { position: absolute; right: 4px; top: 50%; transform: translateY(-50%); width: 28px; height: 28px; border: 0; border-radius: 50%; background: transparent; color: var(--cf-color-muted); cursor: pointer; font: inherit; }
.cf-top-search-clear:hover { background: var(--cf-color-surface-2); }
.cf-top-search-list { position: absolute; left: 0; right: 0; top: calc(100% + 4px); margin: 0; padding: 4px; list-style: none; background: var(--cf-color-surface); border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); box-shadow: var(--cf-shadow); z-index: 40; max-height: 360px; overflow: auto; }
.cf-top-search-list[hidden] { display: none; }
.cf-top-search-list [role="option"] { display: grid; grid-template-columns: 1fr auto; grid-template-areas: "label kind" "detail kind"; gap: 0 8px; padding: 8px 10px; border-radius: 6px; cursor: pointer; }
.cf-top-search-list [role="option"][aria-selected="true"] { background: var(--cf-color-surface-2); outline: 2px solid var(--cf-color-focus); outline-offset: -2px; }
.cf-top-search-label { grid-area: label; font-weight: 600; }
.cf-top-search-detail { grid-area: detail; color: var(--cf-color-muted); font-size: 0.85rem; }
.cf-top-search-kind { grid-area: kind; align-self: center; font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--cf-color-muted); }
.cf-top-search-empty { padding: 10px 12px; color: var(--cf-color-muted); }

.cf-notifications-link { position: relative; flex: none; color: var(--cf-color-text); }
/* The badge sits beside the bell, in room of its own, never over it. */
.cf-notifications-link:has(.cf-unread-badge) { justify-content: flex-start; padding: 0 26px 0 6px; }
.cf-notifications-link svg { flex: none; }
.cf-unread-badge { position: absolute; top: 2px; right: 2px; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 999px; background: var(--cf-color-danger); color: #fff; font-size: 0.7rem; font-weight: 700; display: grid; place-items: center; line-height: 1; }
.cf-user-menu > button { gap: 8px; }
.cf-avatar-placeholder { display: inline-block; width: 28px; height: 28px; border-radius: 50%; background: var(--cf-color-border); }
.cf-sync-status { font-size: 0.8125rem; color: var(--cf-color-muted); white-space: nowrap; margin-inline-end: var(--cf-space); }
.cf-sync-status[data-state='error'] { color: var(--cf-color-danger); }
.cf-signed-out { grid-column: 1 / -1; grid-row: 1 / -1; display: grid; place-items: center; padding: 24px; }
.cf-signed-out .cf-card { max-width: 420px; }
.cf-signed-out .cf-brand { margin: 0; }
.cf-public { grid-column: 1 / -1; grid-row: 1 / -1; display: flex; flex-direction: column; min-height: 100vh; }
.cf-public-bar { display: flex; align-items: center; gap: 12px; padding: 12px 24px; border-bottom: 1px solid var(--cf-color-border, #e5e7eb); }
.cf-public-bar .cf-brand { margin: 0; }

@media (max-width: 768px) {
  .cf-shell { grid-template-columns: minmax(0, 1fr); grid-template-areas: "top" "content"; }
  .cf-sidebar-toggle { display: inline-flex; }
  /* Hidden from sight only: it stays the user menu button's accessible name. */
  .cf-user-name { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  .cf-sync-status { display: none; }
  .cf-brand { display: none; }
  .cf-sidebar { position: fixed; top: 0; bottom: 0; left: 0; width: 260px; z-index: 50; transform: translateX(-100%); visibility: hidden; transition: transform 150ms ease, visibility 150ms; box-shadow: var(--cf-shadow); }
  .cf-shell[data-sidebar="open"] .cf-sidebar { transform: none; visibility: visible; }
  .cf-sidebar ul { position: static; }
  .cf-sidebar-scrim:not([hidden]) { display: block; position: fixed; inset: 0; z-index: 45; background: rgb(15 23 42 / 35%); }
  .cf-content { padding: 12px; }
}
@media (prefers-reduced-motion: reduce) { .cf-sidebar { transition: none; } }
`;
