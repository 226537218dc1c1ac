export const billingStyles = `
.cf-billing-grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 16px; }
.cf-billing-grid p { margin: 0; }
.cf-plan-name { font-size: 1.4rem; font-weight: 700; }
.cf-plan-name .cf-muted { font-size: 1rem; font-weight: 500; }
.cf-features { margin: 0; padding-left: 20px; }
.cf-usage { gap: 6px; }
.cf-upgrade-dialog { width: min(860px, calc(100vw - 32px)); }
.cf-plan-offers { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 12px; }
.cf-plan-offers h3, .cf-plan-offers p { margin: 0; }
.cf-plan-price { font-weight: 650; }
`;
