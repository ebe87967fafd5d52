import { createElement, lazy, useEffect, useSyncExternalStore, type ComponentType } from 'react';

/**
 * `React.lazy` for a named export. The module, and what only it imports (Radix Dialog for the shell's and the
 * dashboard's dialogs), is fetched when the component first renders, not with the screen: render it inside
 * `<Suspense>` and only while it is wanted (a dialog while open).
 *
 * A part that cannot be fetched (the phone has no signal and the service worker does not yet serve the app) is left
 * out rather than thrown: a thrown load error reaches no error boundary and blanks the whole app. It is fetched again
 * when the browser says it is back online, and on the next time it is shown.
 */
export function lazyNamed<TName extends string, TProps extends object>(
  load: () => Promise<Record<TName, ComponentType<TProps>>>,
  name: TName,
): ComponentType<TProps> {
  const listeners = new Set<() => void>();

  /** Shown in place of a part that failed to load: nothing, and the next showing loads it again. */
  function Unavailable(): null {
    useEffect(() => () => retry(false), []);
    return null;
  }

  let current: ComponentType<TProps>;
  let failed = false;

  function attempt(): ComponentType<TProps> {
    const part = lazy(async (): Promise<{ default: ComponentType<TProps> }> => {
      try {
        return { default: (await load())[name] };
      } catch {
        if (current === part) failed = true;
        globalThis.window?.addEventListener('online', () => retry(true), { once: true });
        return { default: Unavailable };
      }
    });
    return part;
  }
  current = attempt();

  /** A fresh attempt replaces the failed one; `redraw` shows it at once where the part is on screen. */
  function retry(redraw: boolean): void {
    if (!failed) return;
    failed = false;
    current = attempt();
    if (redraw) for (const listener of listeners) listener();
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const snapshot = () => current;

  function LazyNamed(props: TProps) {
    const Part = useSyncExternalStore(subscribe, snapshot, snapshot);
    return createElement(Part, props);
  }
  LazyNamed.displayName = `Lazy(${name})`;
  return LazyNamed;
}
