import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPage = LazyExoticComponent<ComponentType> & {
  /** Loads the page's chunk; once it has arrived the page renders without suspending. */
  preload: () => Promise<void>;
};

/**
 * React.lazy with a preload(). The server draws a page's first screen in its HTML (first-paint.ts); if React
 * started before the page's chunk had arrived it would replace that screen with the Suspense fallback for a
 * moment. main.tsx therefore preloads the opened route's page first, and a loaded page hands React.lazy a
 * thenable that calls back at once, which React treats as already resolved (no fallback, no flash).
 */
export function lazyPage<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = pick(module);
      },
      (error: unknown) => {
        // A failed chunk load can be retried by the next navigation.
        loading = undefined;
        throw error;
      },
    ));
  const component = lazy(() => {
    const page = loaded;
    if (page) {
      const resolved = { then: (resolve: (module: { default: ComponentType }) => void) => resolve({ default: page }) };
      return resolved as unknown as Promise<{ default: ComponentType }>;
    }
    return preload().then(() => ({ default: loaded as ComponentType }));
  });
  return Object.assign(component, { preload });
}
