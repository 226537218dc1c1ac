export const teamStyles = `
.cf-member { display: inline-flex; align-items: center; gap: 10px; }
.cf-member-name { display: block; font-weight: 600; }
.cf-member-email { display: block; font-size: 0.85rem; }
.cf-permissions { border: 0; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, max-content); gap: 4px 14px; }
`;
