export const integrationsStyles = `
.cf-connected-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.cf-integration-grid { list-style: none; margin: 16px 0 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 16px; }
.cf-integration-card h3 { margin: 0; }
.cf-integration-card p { margin: 0; }
.cf-small { font-size: 0.85rem; }
`;
