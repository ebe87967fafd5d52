import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { dismissToast, type ToastItem } from './toast-store';

/** Each toast is shown for 5000 ms. */
const TOAST_DURATION_MS = 5000;

/** Radix's defaults give the rest of the toast behaviour: F8 focuses the region, swipe right 50 px to dismiss. */
export function ToastView({ items }: { items: readonly ToastItem[] }) {
  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right" label="Notification">
      {items.map((item) => (
        <RadixToast.Root
          key={item.id}
          className={`toast${item.variant === 'destructive' ? ' toast-destructive' : ''}`}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
        >
          <div className="toast-text">
            <RadixToast.Title className="toast-title">{item.title}</RadixToast.Title>
            {item.description && (
              <RadixToast.Description className="toast-description">{item.description}</RadixToast.Description>
            )}
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
