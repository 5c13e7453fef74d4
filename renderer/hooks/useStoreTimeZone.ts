import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { setDisplayTimeZone } from '../lib/format';
import { useConsoleStore } from '../store';
import { selectCloseDayActions, selectTimeZone } from '../features/close-day/slice';
import { selectRole } from '../features/staff/slice';

/**
 * Learns the store's time zone once the session is known and hands it to the formatters of
 * lib/format.ts before the screens render: the component that calls it re-renders when the zone
 * changes (saved in Settings), and with it every time on screen. Owners and cashiers alike read it.
 */
export function useStoreTimeZone(): void {
  const role = useConsoleStore(selectRole);
  const zone = useConsoleStore(selectTimeZone)?.timeZone;
  const { loadTimeZone } = useConsoleStore(useShallow(selectCloseDayActions));
  useEffect(() => {
    if (role !== null) void loadTimeZone();
  }, [role, loadTimeZone]);
  if (zone) setDisplayTimeZone(zone);
}
