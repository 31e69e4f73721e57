import { type ComponentProps, type ComponentType, lazy } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component; its props are read back below
type ComponentModule = { default: ComponentType<any> };

/**
 * React.lazy that renders at once once its module is loaded. React.lazy suspends on its first render
 * even when the module already arrived (its import promise settles a microtask later), and during
 * hydration that suspension leaves the server's HTML in place and finishes the part later, in a
 * separate commit on a timer. The app loads a page's modules before it hydrates it (main.tsx) so
 * hydration renders in one pass it can interrupt.
 *
 * Switching from the lazy element to the loaded component can only happen before the lazy one ever
 * rendered its content (it suspended until the module arrived), so no mounted state is lost.
 */
/**
 * How to forget each failed load. React.lazy keeps a failure for good, and so would the promise: a page
 * whose chunk did not arrive (offline, a deploy in between) would stay failed until a reload. They are
 * forgotten only when someone asks to try again: forgotten at once, the next render would start a new
 * load and suspend on it instead of showing the error, again and again while the network is down.
 */
const forgetOnRetry = new Set<() => void>();

/** Lets every lazily loaded page whose load failed load afresh on its next render (an error boundary's retry). */
export function forgetFailedLoads(): void {
  for (const forget of forgetOnRetry) forget();
  forgetOnRetry.clear();
}

export function lazyWithPreload<Module extends ComponentModule>(load: () => Promise<Module>) {
  type Props = ComponentProps<Module['default']>;
  let loaded: Module['default'] | null = null;
  let loading: Promise<Module> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        forgetOnRetry.add(() => {
          loading = null;
          Lazy = lazy(preload);
        });
        throw error;
      },
    ));
  let Lazy = lazy(preload);
  function LazyWithPreload(props: Props) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return { Component: LazyWithPreload, preload };
}
