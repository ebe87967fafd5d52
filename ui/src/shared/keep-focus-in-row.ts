import { useEffect, useRef } from 'react';

/**
 * A row's actions change with its status (Acknowledge, Start…): the button just used may be gone, and focus with it
 * (to the page's body). When the status changes and nothing holds focus, it moves to the row's first action, so a
 * keyboard user carries on from where they were.
 */
export function useKeepFocusInRow<T extends HTMLElement>(status: string) {
  const container = useRef<T>(null);
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== status && (document.activeElement === document.body || document.activeElement === null)) {
      container.current?.querySelector<HTMLElement>('button')?.focus();
    }
    previous.current = status;
  }, [status]);
  return container;
}
