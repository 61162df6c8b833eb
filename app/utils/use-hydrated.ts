import { useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False in the server's HTML and during hydration, true once React runs in the
 * browser: for controls that only work with JavaScript (they are not rendered before).
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The server's clock, carried to the browser: `serverNow` comes from the loader, and
 * the offset keeps a ticking countdown on the server's time, not the phone's.
 */
export function useServerClock(serverNow: string, tickMs = 1000) {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    const offset = new Date(serverNow).getTime() - Date.now();
    const id = setInterval(() => setNow(new Date(Date.now() + offset)), tickMs);
    return () => clearInterval(id);
  }, [serverNow, tickMs]);
  return now;
}
