/**
 * The toasts' state, apart from the view that draws them: toast.tsx loads the view lazily and the view dismisses
 * through here, so neither imports the other.
 */
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

/** What is on screen now, and whether any toast was ever raised (the view loads with the first). */
export const currentToasts = (): ToastItem[] => toasts;
export const anyToastRaised = (): boolean => everRaised;
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

export function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
