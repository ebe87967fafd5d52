import { Suspense, useSyncExternalStore } from 'react';
import { lazyNamed } from './lazy-named';
import { anyToastRaised, currentToasts, subscribe } from './toast-store';

export { dismissToast, toast, type ToastInput, type ToastItem } from './toast-store';

// Radix's toast loads with the first toast: most visits raise none before their first screen is drawn. Once loaded
// it stays mounted, so a closing toast can animate out and F8 finds the region.
const ToastView = lazyNamed(() => import('./toast-view'), 'ToastView');

/** The toasts on screen; nothing, and nothing downloaded, until the first one is raised. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, currentToasts);
  const raised = useSyncExternalStore(subscribe, anyToastRaised);
  return raised ? (
    <Suspense fallback={null}>
      <ToastView items={items} />
    </Suspense>
  ) : null;
}
