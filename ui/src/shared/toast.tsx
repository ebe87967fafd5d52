import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** Spec section 9: one toast visible at a time, shown for 5000 ms. */
const TOAST_LIMIT = 1;
const TOAST_DURATION_MS = 5000;

let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setToasts(next: ToastItem[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

/** Shows a toast from anywhere (components, query callbacks); the newest replaces the one on screen. */
export function toast(input: ToastInput): void {
  setToasts([{ ...input, id: nextId++, open: true }, ...toasts].slice(0, TOAST_LIMIT));
}

function dismiss(id: number) {
  setToasts(toasts.filter((item) => item.id !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Radix's defaults give the rest of the spec's constants: F8 focuses the region, swipe right 50 px to dismiss. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, () => toasts);
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          className={`toast${item.variant === 'destructive' ? ' toast-destructive' : ''}`}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
        >
          <div className="toast-text">
            <RadixToast.Title className="toast-title">{item.title}</RadixToast.Title>
            {item.description && <RadixToast.Description className="toast-description">{item.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close className="toast-close" aria-label="Close">
            <X size={16} aria-hidden />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="toast-viewport" hotkey={['F8']} />
    </RadixToast.Provider>
  );
}
