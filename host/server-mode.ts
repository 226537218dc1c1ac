// The team server marks the host page it serves (`<meta name="cf-server">`); served as static
// files, the host app keeps the local workspace in this browser.
export const isTeamServer = () => typeof document !== 'undefined' && document.querySelector('meta[name="cf-server"]') !== null;
