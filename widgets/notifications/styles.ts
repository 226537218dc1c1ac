export const notificationsStyles = `
.cf-notifications-toolbar { display: flex; gap: 16px; align-items: end; flex-wrap: wrap; }
.cf-notifications-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.cf-notification { display: flex; gap: 12px; align-items: flex-start; }
.cf-notification[data-state="unread"] { border-left: 4px solid var(--cf-color-primary); }
.cf-notification-body { flex: 1; min-width: 0; }
.cf-notification-body h2 { font-size: 1rem; margin: 0 0 4px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
.cf-notification-body p { margin: 0 0 4px; }
.cf-notification-actions { display: flex; gap: 4px; align-items: center; flex-wrap: wrap; }
.cf-back { align-self: flex-start; }
`;
