// Styles shared by every administration screen (settings, profile, team, billing, ...).
/** Styles of the settings, profile and general panels, and the pieces shared by the admin screens. */
export const adminBaseStyles = `
.cf-back { padding-left: 4px; }
.cf-admin-form { max-width: 640px; }
.cf-admin-form fieldset { margin: 0; }
.cf-admin-form legend { font-weight: 650; padding: 0 4px; }
.cf-admin-title { font-size: 1.3rem; margin: 0; }
.cf-blocked-note { margin: 0; padding: 8px 12px; border-radius: var(--cf-radius); background: var(--cf-color-surface-2); }
.cf-switch-row { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
.cf-switch { position: relative; width: 44px; height: 24px; border-radius: 999px; border: 1px solid var(--cf-color-border); background: var(--cf-color-gray-bg); cursor: pointer; padding: 0; flex: none; }
.cf-switch[aria-checked="true"] { background: var(--cf-color-primary); border-color: var(--cf-color-primary); }
.cf-switch-thumb { position: absolute; top: 2px; left: 2px; width: 18px; height: 18px; border-radius: 50%; background: #fff; box-shadow: var(--cf-shadow); transition: transform 120ms ease; }
.cf-switch[aria-checked="true"] .cf-switch-thumb { transform: translateX(20px); }
.cf-switch:disabled { opacity: 0.55; cursor: not-allowed; }
.cf-tabpanel { flex: 1; min-width: 0; }
.cf-code { background: #0f172a; color: #e2e8f0; padding: 12px 14px; border-radius: var(--cf-radius); overflow: auto; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.85rem; margin: 0; white-space: pre; }
`;
