export const inventoryStyles = `
.cf-inventory-toolbar { display: flex; gap: 12px; align-items: end; flex-wrap: wrap; margin: 16px 0; }
.cf-inventory-toolbar .cf-field { min-width: 240px; }
.cf-qty { display: inline-flex; align-items: center; gap: 6px; }
.cf-qty input { width: 90px; }
.cf-details { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; }
.cf-details dt { color: var(--cf-color-muted); }
.cf-details dd { margin: 0; }
`;
