export const dataImportStyles = `
.cf-dropzone { border-style: dashed; }
.cf-mapping { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; }
.cf-import-warnings, .cf-rejected ul { margin: 0; padding-left: 20px; color: var(--cf-color-danger); }
.cf-rejected h4 { margin: 0 0 4px; }
`;
