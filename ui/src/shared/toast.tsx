import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from './lazy-named';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** One toast visible at a time (shown for 5000 ms, toast-view.tsx). */
const TOAST_LIMIT = 1;

let toasts: ToastItem[] = [];
let nextId = 1;
let everRaised = false;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, query callbacks); the newest replaces the one on screen. */
export function toast(input: ToastInput): void {
  everRaised = true;
  setToasts([{ ...input, id: nextId++, open: true }, ...toasts].slice(0, TOAST_LIMIT));
}

export function dismissToast(id: number) {
  setToasts(toasts.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Radix's toast loads with the first toast: most visits raise none before their first screen is drawn. Once loaded
// it stays mounted, so a closing toast can animate out and F8 finds the region.
const ToastView = lazyNamed(() => import('./toast-view'), 'ToastView');

/** The toasts on screen; nothing, and nothing downloaded, until the first one is raised. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, () => toasts);
  const raised = useSyncExternalStore(subscribe, () => everRaised);
  return raised ? (
    <Suspense fallback={null}>
      <ToastView items={items} />
    </Suspense>
  ) : null;
}
