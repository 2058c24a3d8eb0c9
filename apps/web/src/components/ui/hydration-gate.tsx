import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/** False while React hydrates pre-rendered HTML, true from the render after it and in any page drawn in the browser. */
export function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A pre-rendered form (vite-plugins/prerender.ts) is on screen before its JavaScript runs. Until React
 * takes it over, its fields and buttons are disabled (drawn as they will be, styles.css), so nothing
 * typed is wiped by the hydration and no click submits the bare HTML form with the password in the URL.
 */
export function HydrationGate({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset disabled={!isHydrated} className="hydration-gate">
      {children}
    </fieldset>
  );
}
