export const ordersStyles = `
.cf-orders-header { align-items: center; }
.cf-orders-header h1 { margin: 0; }
.cf-orders-toolbar { display: flex; gap: 16px; align-items: end; flex-wrap: wrap; }
.cf-orders-toolbar .cf-field { min-width: 280px; }
.cf-customer-cell { display: flex; flex-direction: column; }
.cf-orders-filter { border: 1px solid var(--cf-color-border); border-radius: var(--cf-radius); padding: 8px 12px; margin: 0; display: flex; gap: 12px; align-items: center; flex-wrap: wrap; background: var(--cf-color-surface); }
.cf-orders-filter legend { font-weight: 550; font-size: 0.9rem; padding: 0 4px; }
.cf-order-detail { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 16px; }
.cf-order-detail .cf-wide { grid-column: 1 / -1; }
.cf-order-meta { display: flex; gap: 16px; flex-wrap: wrap; color: var(--cf-color-muted); margin: 0; }
.cf-details { margin: 0; display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 16px; }
.cf-details dt { color: var(--cf-color-muted); }
.cf-details dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.cf-details .cf-total { font-weight: 650; color: var(--cf-color-text); }
.cf-address { font-style: normal; white-space: pre-line; }
.cf-history { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.cf-history li { display: grid; grid-template-columns: 110px auto 1fr; gap: 8px; align-items: baseline; }
.cf-history time { color: var(--cf-color-muted); font-variant-numeric: tabular-nums; }
.cf-num { text-align: right; font-variant-numeric: tabular-nums; }
.cf-order-lines { display: flex; flex-direction: column; gap: 8px; }
.cf-order-line { display: grid; grid-template-columns: 1fr 90px 110px auto; gap: 8px; align-items: end; }
.cf-new-order { width: min(720px, calc(100vw - 32px)); }
.cf-new-order fieldset { border: 0; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; }
.cf-new-order legend { font-weight: 650; margin-bottom: 8px; }
.cf-label-sheet { border: 2px solid var(--cf-color-text); border-radius: 4px; padding: 16px; display: flex; flex-direction: column; gap: 12px; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
.cf-label-sheet h3 { font-size: 0.75rem; text-transform: uppercase; letter-spacing: 0.06em; margin: 0 0 4px; color: var(--cf-color-muted); }
.cf-label-sheet .cf-label-to { font-size: 1.1rem; font-weight: 650; }
`;
