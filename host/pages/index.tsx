// Static pages of spec §2 "Static pages", and the documentation and support pages the help center links to.
export { Terms, Privacy } from './Legal';
export { Maintenance } from './Maintenance';
export { DocsDashboard, DocsApi } from './Docs';
export { Support } from './Support';
export { NotFound } from './NotFound';
