// Every custom element and the module that defines it. The loader imports a module the
// first time one of its tags appears on the page, so a page with only <cf-inventory>
// downloads nothing of the other screens.
export const ELEMENT_MODULES: Record<string, () => Promise<unknown>> = {
  'cf-inventory': () => import('./inventory'),
  'cf-inventory-summary': () => import('./inventory'),
};
