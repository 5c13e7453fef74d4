import { useEffect } from 'react';

/**
 * While mounted (a payment on screen that can still be paid), closing or reloading the tab asks
 * first: the browser's own question, since a page may not word it. Leaving would strand the
 * customer's open payment with nobody watching it turn paid.
 */
export function useLeavePrompt(): void {
  useEffect(() => {
    const ask = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, []);
}
