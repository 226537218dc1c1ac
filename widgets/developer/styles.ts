export const developerStyles = `
.cf-api-key { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--cf-color-surface-2); padding: 6px 10px; border-radius: var(--cf-radius); word-break: break-all; }
.cf-endpoint-path { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-weight: 600; }
.cf-webhook-events { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.cf-webhook-events legend { font-weight: 600; margin-bottom: 6px; }
.cf-root h4 { margin: 0; font-size: 0.95rem; }
`;
