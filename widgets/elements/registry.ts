// Every custom element and the module that defines it. The loader imports a module the
// first time one of its tags appears on the page, so a page with only <cf-inventory>
// downloads nothing of the other screens.
export const ELEMENT_MODULES: Record<string, () => Promise<unknown>> = {
  'cf-inventory': () => import('./inventory'),
  'cf-inventory-summary': () => import('./inventory'),
  'cf-funnel-board': () => import('./funnel-board'),
  'cf-funnel-dashboard': () => import('./funnel-board'),
  'cf-dashboard-overview': () => import('./funnel-board'),
  'cf-creator-detail': () => import('./creator'),
  'cf-shipping-label': () => import('./creator'),
  'cf-shipment-tracking': () => import('./creator'),
  'cf-creative-brief': () => import('./creator'),
  'cf-orders': () => import('./orders'),
  'cf-calendar': () => import('./calendar'),
  'cf-analytics': () => import('./analytics'),
  'cf-notifications': () => import('./notifications'),
  'cf-settings': () => import('./settings'),
  'cf-profile': () => import('./settings'),
  'cf-team': () => import('./team'),
  'cf-billing': () => import('./billing'),
  'cf-integrations': () => import('./integrations'),
  'cf-developer': () => import('./developer'),
  'cf-activity-log': () => import('./activity'),
  'cf-data-import': () => import('./data-import'),
  'cf-data-export': () => import('./data-export'),
  'cf-help-center': () => import('./help'),
  'cf-onboarding': () => import('./onboarding'),
};
