import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import 'fake-indexeddb/auto';
import { toast } from 'react-hot-toast/headless';
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll } from 'vitest';
import { AppToaster } from '../../widgets/ui/toast';

// jsdom lacks matchMedia (react-hot-toast) and the dialog API.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}
if (typeof HTMLDialogElement !== 'undefined' && !HTMLDialogElement.prototype.showModal) {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
// findBy… and waitFor wait for what the screen shows; on a busy 2-core machine (the full
// `npm test` runs types, lint and the build beside these tests) that can take longer than the
// library's 1 s default. A test still fails, after this bound, when the state never shows.
configure({ asyncUtilTimeout: 15_000 });

// The page's toaster in the light DOM, as the host app mounts it, so queries by text find the
// toasts (a screen alone would mount one of its own inside a shadow root).
beforeAll(() => {
  const container = document.createElement('div');
  document.body.append(container);
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  act(() => createRoot(container).render(createElement(AppToaster)));
});
afterEach(() => {
  cleanup();
  // Toasts live in a page-wide store: one test's toasts must not show up in the next test's screen or dialog.
  toast.remove();
});
