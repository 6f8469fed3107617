import { lazyRouteComponent } from '@tanstack/react-router';
import { UiDefaults } from '../lib/ui-defaults';

/** Spec §9: a screen's code gets 120 s to arrive; after that the route shows its error screen. */
function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The page took too long to load. Check your connection and try again.')), ms);
    loading.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** A route component whose code is split into its own chunk, loaded on first visit (or link hover). */
export function lazyScreen<T extends Record<string, unknown>, K extends keyof T & string>(
  importer: () => Promise<T>,
  exportName: K,
) {
  return lazyRouteComponent(() => withTimeout(importer(), UiDefaults.chunkLoadTimeoutMs), exportName);
}
