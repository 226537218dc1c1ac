export const shellStyles = `
html, body { margin: 0; background: var(--cf-color-bg, #f6f7fb); }
.cf-shell { display: grid; grid-template-columns: 220px 1fr; min-height: 100vh; background: var(--cf-color-bg); }
.cf-sidebar { background: var(--cf-color-surface); border-right: 1px solid var(--cf-color-border); padding: 16px 12px; }
.cf-sidebar ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; }
.cf-sidebar a { display: block; padding: 8px 12px; border-radius: var(--cf-radius); color: var(--cf-color-text); text-decoration: none; }
.cf-sidebar a:hover { background: var(--cf-color-surface-2); }
.cf-sidebar a[aria-current="page"] { background: var(--cf-color-primary); color: var(--cf-color-primary-text); font-weight: 600; }
.cf-brand { font-weight: 700; font-size: 1.1rem; margin: 0 12px 16px; color: var(--cf-color-primary); }
.cf-main { padding: 24px; min-width: 0; }
.cf-skip-link { position: absolute; left: -9999px; }
.cf-skip-link:focus { left: 8px; top: 8px; z-index: 100; background: var(--cf-color-surface); padding: 8px; }
`;
