export const activityStyles = `
.cf-activity-toolbar { align-items: end; }
.cf-activity-toolbar .cf-field { min-width: 260px; }
.cf-activity-user { display: inline-flex; align-items: center; gap: 8px; }
.cf-activity-filters { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
.cf-activity-filters fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.cf-activity-filters legend { font-weight: 600; margin-bottom: 6px; }
`;
