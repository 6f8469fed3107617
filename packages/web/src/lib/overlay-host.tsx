import { lazy, Suspense, useSyncExternalStore } from 'react';

/**
 * Dialog and toast code (Modal, Notifications and what they pull in) is loaded on first use, not with
 * every page: the sign-in page stays small and most visits never show a dialog.
 */
const Overlays = lazy(() => import('./overlays').then((module) => ({ default: module.Overlays })));

let wanted = false;
const listeners = new Set<() => void>();
let markReady: () => void = () => {};
const ready = new Promise<void>((resolve) => {
  markReady = resolve;
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the hosts if needed; resolves once dialogs can be opened. Toasts queue in their store meanwhile. */
export function overlaysReady(): Promise<void> {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

export function OverlayHost() {
  const show = useSyncExternalStore(subscribe, () => wanted, () => false);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Overlays onReady={markReady} />
    </Suspense>
  );
}
