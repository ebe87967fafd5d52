import type { KeyboardEvent } from 'react';

/**
 * Radix treats an open toast as the topmost dismissable layer, so Escape would close the toast and leave the
 * dialog open (e.g. right after "Failed to create carer"). Put this on Dialog.Content's onKeyDown: Escape pressed
 * inside the dialog always closes it too.
 */
export function closeOnEscape(onOpenChange: (open: boolean) => void) {
  return (event: KeyboardEvent) => {
    if (event.key === 'Escape') onOpenChange(false);
  };
}
