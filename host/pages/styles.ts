export const pageStyles = `
.cf-page { max-width: 820px; margin: 0 auto; }
.cf-page section { margin-top: 8px; }
.cf-page section p, .cf-page section ul { margin: 0 0 8px; }
.cf-page-meta { color: var(--cf-color-muted); margin: 0; }
.cf-centered { max-width: 560px; margin: 48px auto; text-align: center; align-items: center; }
.cf-big-code { font-size: 4rem !important; line-height: 1; margin: 0 !important; color: var(--cf-color-primary); }
.cf-progress { width: 100%; height: 10px; border-radius: 999px; background: var(--cf-color-surface-2); overflow: hidden; }
.cf-progress-fill { height: 100%; background: var(--cf-color-primary); }
.cf-notfound-search { display: flex; gap: 8px; width: 100%; }
.cf-notfound-search .cf-input { flex: 1; }
.cf-endpoint { border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); padding: 12px 14px; background: var(--cf-color-surface); }
.cf-endpoint code, .cf-page pre { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.cf-page pre { background: var(--cf-color-surface-2); padding: 10px 12px; border-radius: var(--cf-radius); overflow: auto; margin: 8px 0 0; }
.cf-method { font-weight: 700; margin-right: 8px; }
.cf-status-ok { display: inline-flex; align-items: center; gap: 8px; }
.cf-status-ok::before { content: ""; width: 10px; height: 10px; border-radius: 50%; background: var(--cf-color-green); }
`;
