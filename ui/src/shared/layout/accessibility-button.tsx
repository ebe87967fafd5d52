import { Accessibility } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { lazyNamed } from '../lazy-named';

/** In every screen's top bar: its dialog (and Radix Dialog) is fetched when first opened. */
const AccessibilityDialog = lazyNamed(() => import('./accessibility-dialog'), 'AccessibilityDialog');

/** Opens the accessibility settings (spec section 2.5). */
export function AccessibilityButton() {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={opener} type="button" className="button button-ghost" aria-label="Accessibility" aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Accessibility size={18} aria-hidden />
        <span className="hide-narrow">Accessibility</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccessibilityDialog onOpenChange={setOpen} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
