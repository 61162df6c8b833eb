import { useEffect, useState } from "react";

/** false on the server and the first client render; true once JavaScript runs. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
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
