// dist/elements.js: the one script a partner page includes. It watches the page for
// cf-* tags and loads each element's chunk on first use; all chunks share one core
// (React, signals, the store), so every element on the page shares one store.
import { ELEMENT_MODULES } from './registry';

const requested = new Set<string>();

function upgrade(root: ParentNode) {
  for (const tag of Object.keys(ELEMENT_MODULES)) {
    if (requested.has(tag) || customElements.get(tag)) continue;
    if (root.querySelector(tag)) {
      requested.add(tag);
      ELEMENT_MODULES[tag]().catch((error: unknown) => {
        requested.delete(tag);
        console.error(`Creatorflow: could not load <${tag}>`, error);
        document.dispatchEvent(new CustomEvent('cf-error', { detail: { tag, error }, bubbles: true, composed: true }));
      });
    }
  }
}

function start() {
  upgrade(document);
  new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) if (node instanceof Element) upgrade(node.parentNode ?? node);
  }).observe(document.documentElement, { childList: true, subtree: true });
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
else start();

import { configure, getStore } from '../../lib/store/createStore';

export { configure, getStore };
export type { CreatorflowElementAttributes, CreatorflowEventMap, CreatorflowTag } from './types';

// Plain pages without a bundler reach the store as window.creatorflow.
declare global {
  interface Window {
    creatorflow?: { getStore: typeof getStore; configure: typeof configure };
  }
}
window.creatorflow ??= { getStore, configure };
