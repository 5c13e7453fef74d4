import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useConsoleStore } from '../../store';
import { selectIsOwner } from '../staff/slice';
import { selectPricing, selectPricingActions } from './slice';

/**
 * Loads the store's pricing once for a screen that speaks its currency. The owner's only: a cashier's
 * screens stay in the asset until the session carries the store currency.
 */
export function useStorePricing(): void {
  const isOwner = useConsoleStore(selectIsOwner);
  const isLoaded = useConsoleStore(selectPricing) !== null;
  const { loadPricing } = useConsoleStore(useShallow(selectPricingActions));
  useEffect(() => {
    if (isOwner && !isLoaded) void loadPricing();
  }, [isOwner, isLoaded, loadPricing]);
}
