import { useEffect, useRef } from 'react';

/** Calls `fn` every `ms` while mounted (and once at once if `immediate`); null pauses it. */
export function useInterval(fn: () => void, ms: number | null, immediate = false): void {
  const saved = useRef(fn);
  useEffect(() => {
    saved.current = fn;
  }, [fn]);
  useEffect(() => {
    if (ms === null) return undefined;
    if (immediate) saved.current();
    const id = setInterval(() => saved.current(), ms);
    return () => clearInterval(id);
  }, [ms, immediate]);
}
