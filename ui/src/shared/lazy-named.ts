import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a named export. The module, and what only it imports (Radix Dialog for the shell's and the
 * dashboard's dialogs), is fetched when the component first renders, not with the screen: render it inside
 * `<Suspense>` and only while it is wanted (a dialog while open).
 */
export function lazyNamed<TName extends string, TProps extends object>(
  load: () => Promise<Record<TName, ComponentType<TProps>>>,
  name: TName,
): LazyExoticComponent<ComponentType<TProps>> {
  return lazy(async () => ({ default: (await load())[name] }));
}
