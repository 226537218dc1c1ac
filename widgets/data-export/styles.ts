export const dataExportStyles = `
.cf-export-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 16px; }
@media (max-width: 720px) { .cf-export-grid { grid-template-columns: 1fr; } }
.cf-export-type { width: 100%; height: 100%; text-align: left; display: flex; flex-direction: column; gap: 6px; cursor: pointer; font: inherit; color: inherit; }
.cf-export-type[aria-pressed="true"] { border-color: var(--cf-color-primary); box-shadow: 0 0 0 2px var(--cf-color-primary); }
.cf-export-icon { font-size: 1.5rem; }
.cf-export-name { font-weight: 650; font-size: 1.05rem; }
.cf-export-fields { border: 0; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 8px; }
.cf-export-fields legend { font-weight: 600; margin-bottom: 8px; }
.cf-export-dates .cf-field { min-width: 180px; }
`;
