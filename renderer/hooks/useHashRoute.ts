import { useEffect } from 'react';
import { routeFromHash } from '../store/slices/ui';
import { getConsoleState } from '../store';

/** Hash routes work the same under /console/ and app://console/, with no server round trip. */
export function useHashRoute(): void {
  useEffect(() => {
    const onHash = () => getConsoleState().syncRoute(routeFromHash(location.hash));
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
}
