import { useEffect } from 'react';
import { routeFromHash } from '../store/ui-slice';
import { getConsoleState } from '../store';

/** Hash routes need no server round trip, and the desktop window shows the same /console/ page. */
export function useHashRoute(): void {
  useEffect(() => {
    const onHash = () => getConsoleState().syncRoute(routeFromHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
}
