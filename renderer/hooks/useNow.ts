import { useEffect, useState } from 'react';

/** The current time, ticking every `ms` while `on`: drives countdowns without asking the service anything. */
export function useNow(on: boolean, ms = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!on) return undefined;
    const id = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(id);
  }, [on, ms]);
  return now;
}
