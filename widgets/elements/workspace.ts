// The loader's workspace attribute: pages pick their workspace on the script tag.

/**
 * The workspace named on the loader's script tag: `<script type="module" src=".../elements.js"
 * data-workspace="acme">`. A module script has no document.currentScript, so the tag is the
 * one whose src is `moduleUrl` (the loader passes its import.meta.url), else any script marked `data-creatorflow-workspace`.
 */
export function workspaceFromPage(doc: Document, moduleUrl: string): string | undefined {
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[data-workspace], script[data-creatorflow-workspace]')];
  const own = scripts.find((script) => script.hasAttribute('data-workspace') && script.src && script.src === moduleUrl);
  const marked = scripts.find((script) => script.hasAttribute('data-creatorflow-workspace'));
  // The dev server serves /dist/elements.js from source, so the URLs differ there: fall back
  // to a data-workspace script that loads elements.js.
  const named = scripts.find((script) => script.hasAttribute('data-workspace') && /\/elements\.js(\?|#|$)/.test(script.src));
  const value = (own?.dataset.workspace ?? marked?.dataset.creatorflowWorkspace ?? named?.dataset.workspace)?.trim();
  return value || undefined;
}


/** The team server named on the loader's script tag (`data-server="https://…"`), for embed sessions. */
export function serverFromPage(doc: Document, moduleUrl: string): string | undefined {
  const scripts = [...doc.querySelectorAll<HTMLScriptElement>('script[data-server]')];
  const own = scripts.find((script) => script.src === moduleUrl) ?? scripts.find((script) => /\/elements\.js(\?|#|$)/.test(script.src));
  const value = own?.dataset.server?.trim();
  return value || undefined;
}
