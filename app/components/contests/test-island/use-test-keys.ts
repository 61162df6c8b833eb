import { useEffect, useRef } from "react";

type Keys = { option: (index: number) => void; next: () => void; back: () => void; mark: () => void };

/**
 * The test's keys (the NTA screen, for a desktop): 1–4 or A–D choose the shown option,
 * N (or →) save & next, P (or ←) back, M mark for review & next. Not while typing in a
 * box, and not with a modifier (the browser's own shortcuts stay).
 */
export function useTestKeys(active: boolean, keys: Keys) {
  const latest = useRef(keys);
  useEffect(() => {
    latest.current = keys;
  });
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" && (target as HTMLInputElement).type === "text" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
      const key = event.key.toLowerCase();
      const k = latest.current;
      if (/^[1-4]$/.test(key)) k.option(Number(key) - 1);
      else if (/^[a-d]$/.test(key)) k.option(key.charCodeAt(0) - 97);
      else if (key === "n" || key === "arrowright") k.next();
      else if (key === "p" || key === "arrowleft") k.back();
      else if (key === "m") k.mark();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [active]);
}
