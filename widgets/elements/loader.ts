// dist/elements.js: the one script a partner page includes. It watches the page for
// cf-* tags and loads each element's chunk on first use; all chunks share one core
// (React, signals, the store), so every element on the page shares one store.
import { configure as configureStore, getStore, type StoreOptions } from '../../lib/store/createStore';
import { createEmbedSync, type ClientSecret } from '../../lib/sync/embed';
import { ELEMENT_MODULES } from './registry';
import { serverFromPage, workspaceFromPage } from './workspace';

/** Store options, plus an embed session: the team server and a function that fetches a client secret from the partner's backend. */
export interface ConfigureOptions extends StoreOptions {
  server?: string;
  fetchClientSecret?: () => Promise<ClientSecret>;
}

// With data-server on the script tag, elements wait for configure({ fetchClientSecret }): the
// store must sync with the team server from its first render.
const pageServer = serverFromPage(document, import.meta.url);
let releaseElements: () => void = () => {};
const elementsMayLoad: Promise<void> = pageServer ? new Promise((done) => (releaseElements = done)) : Promise.resolve();

function configure(options: ConfigureOptions): void {
  const { server = pageServer, fetchClientSecret, ...rest } = options;
  if (fetchClientSecret) {
    if (!server) throw new Error('creatorflow: configure({ fetchClientSecret }) needs the team server: data-server on the script tag, or configure({ server })');
    configureStore({ ...rest, sync: createEmbedSync({ server, fetchClientSecret }) });
    releaseElements();
    return;
  }
  configureStore(rest);
}

// Before the first element renders (they load below, asynchronously), pick the workspace.
const workspace = workspaceFromPage(document, import.meta.url);
if (workspace) {
  try {
    configure({ workspace });
  } catch (error) {
    console.warn(`Creatorflow: the workspace "${workspace}" came too late (the store is already in use)`, error);
  }
}

const requested = new Set<string>();

function upgrade(root: ParentNode) {
  for (const tag of Object.keys(ELEMENT_MODULES)) {
    if (requested.has(tag) || customElements.get(tag)) continue;
    if (root.querySelector(tag)) {
      requested.add(tag);
      elementsMayLoad.then(() => ELEMENT_MODULES[tag]()).catch((error: unknown) => {
        requested.delete(tag);
        console.error(`Creatorflow: could not load <${tag}>`, error);
        const message = `Could not load <${tag}>: ${error instanceof Error ? error.message : String(error)}`;
        document.dispatchEvent(new CustomEvent('cf-error', { detail: { message, tag, error }, bubbles: true, composed: true }));
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

export { configure, getStore };
export type { CreatorflowElementAttributes, CreatorflowEventMap, CreatorflowTag } from './types';

// Plain pages without a bundler reach the store as window.creatorflow.
declare global {
  interface Window {
    creatorflow?: { getStore: typeof getStore; configure: typeof configure };
  }
}
window.creatorflow ??= { getStore, configure };
