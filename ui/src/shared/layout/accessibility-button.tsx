import { Accessibility } from 'lucide-react';
import { Suspense, useRef, useState, type RefObject } from 'react';
import { lazyNamed } from '../lazy-named';

/** In every screen's top bar: its dialog (and Radix Dialog) is fetched when first opened. */
const AccessibilityDialog = lazyNamed(() => import('./accessibility-dialog'), 'AccessibilityDialog');

/** The settings dialog, fetched on first use; focus goes back to `opener` when it closes. */
export function LazyAccessibilityDialog({
  onOpenChange,
  opener,
}: {
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Suspense fallback={null}>
      <AccessibilityDialog onOpenChange={onOpenChange} opener={opener} />
    </Suspense>
  );
}

/** Opens the accessibility settings. */
export function AccessibilityButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={opener}
        type="button"
        className="button button-ghost"
        aria-label="Accessibility"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <Accessibility size={18} aria-hidden />
        <span className="hide-narrow">Accessibility</span>
      </button>
      {open && <LazyAccessibilityDialog onOpenChange={setOpen} opener={opener} />}
    </>
  );
}
