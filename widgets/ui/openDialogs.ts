// The modal dialogs open on the page, newest last. A modal <dialog> sits in the browser's top
// layer and makes the rest of the page inert, so whatever must stay usable above it (the
// toasts) is placed inside the newest one.
import { useSyncExternalStore } from 'react';

const stack: HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
let snapshot: HTMLDialogElement | null = null;

function changed() {
  snapshot = stack[stack.length - 1] ?? null;
  for (const listener of listeners) listener();
}

export function dialogOpened(dialog: HTMLDialogElement) {
  if (!stack.includes(dialog)) stack.push(dialog);
  changed();
}

export function dialogClosed(dialog: HTMLDialogElement) {
  const index = stack.indexOf(dialog);
  if (index < 0) return;
  stack.splice(index, 1);
  changed();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The newest open modal dialog, or null. */
export function useTopDialog(): HTMLDialogElement | null {
  return useSyncExternalStore(subscribe, () => snapshot, () => null);
}
