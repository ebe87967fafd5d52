import { LifeBuoy, Sparkles } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { lazyNamed } from '../../shared/lazy-named';
import './header-help.css';

/** Their dialogs (with the changelog text and Radix Dialog) are fetched when first opened. */
const WhatsNewDialog = lazyNamed(() => import('./help-dialogs'), 'WhatsNewDialog');
const SupportDialog = lazyNamed(() => import('./help-dialogs'), 'SupportDialog');

type Open = 'none' | 'whats-new' | 'support';

/**
 * What's new and Get support, in the header (icons with their names, the words too on a wide
 * screen) and in the phone's menu (with `labelClassName` empty: always the words).
 */
export function HeaderHelp({
  className = 'button button-ghost',
  labelClassName = 'help-label',
}: {
  className?: string;
  labelClassName?: string;
}) {
  const [open, setOpen] = useState<Open>('none');
  const whatsNew = useRef<HTMLButtonElement>(null);
  const support = useRef<HTMLButtonElement>(null);
  const close = (next: boolean) => {
    if (!next) setOpen('none');
  };
  return (
    <>
      <button
        ref={whatsNew}
        type="button"
        className={className}
        aria-label="What's new"
        aria-haspopup="dialog"
        aria-expanded={open === 'whats-new'}
        onClick={() => setOpen('whats-new')}
      >
        <Sparkles size={18} aria-hidden />
        <span className={labelClassName}>What&apos;s new</span>
      </button>
      <button
        ref={support}
        type="button"
        className={className}
        aria-label="Get support"
        aria-haspopup="dialog"
        aria-expanded={open === 'support'}
        onClick={() => setOpen('support')}
      >
        <LifeBuoy size={18} aria-hidden />
        <span className={labelClassName}>Get support</span>
      </button>
      {open !== 'none' && (
        <Suspense fallback={null}>
          {open === 'whats-new' ? (
            <WhatsNewDialog onOpenChange={close} opener={whatsNew} />
          ) : (
            <SupportDialog onOpenChange={close} opener={support} />
          )}
        </Suspense>
      )}
    </>
  );
}
