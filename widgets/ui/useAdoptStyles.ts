import { useLayoutEffect, useState, type RefObject } from 'react';

const adopted = new WeakMap<Document | ShadowRoot, Map<string, CSSStyleSheet>>();

/** Adopts CSS text into the root node (document or shadow root) once per root. */
export function adoptStyles(root: Document | ShadowRoot, cssText: string) {
  if (typeof CSSStyleSheet === 'undefined' || !('adoptedStyleSheets' in root)) return;
  let sheets = adopted.get(root);
  if (!sheets) adopted.set(root, (sheets = new Map<string, CSSStyleSheet>()));
  if (sheets.has(cssText)) return;
  const sheet = new CSSStyleSheet();
  try {
    sheet.replaceSync(cssText);
  } catch {
    return; // jsdom and old engines: styles are cosmetic, never block rendering
  }
  sheets.set(cssText, sheet);
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

/**
 * Adopts the given styles into whatever root `ref` ends up in, before paint.
 * Returns true once done, so a screen can avoid a flash of unstyled content.
 */
export function useAdoptStyles(ref: RefObject<Element | null>, ...cssTexts: string[]) {
  const [done, setDone] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const root = node.getRootNode() as Document | ShadowRoot;
    for (const css of cssTexts) adoptStyles(root, css);
    setDone(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, cssTexts);
  return done;
}
