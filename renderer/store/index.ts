import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createBackupsSlice } from '../features/backups/slice';
import { createBrandSlice } from '../features/brand/slice';
import { createCloseDaySlice } from '../features/close-day/slice';
import { createDashboardSlice } from '../features/dashboard/slice';
import { createDesktopSlice } from '../features/desktop/slice';
import { createInvoiceSlice } from '../features/invoice/slice';
import { createLiveSlice } from '../features/live/slice';
import { createPaymentsSlice } from '../features/payments/slice';
import { createPricingSlice } from '../features/pricing/slice';
import { createReceiptsSlice } from '../features/receipts/slice';
import { createRefundsSlice } from '../features/refunds/slice';
import { createSettingsSlice } from '../features/settings/slice';
import { createSignInSlice } from '../features/signin/slice';
import { createSimulatorSlice } from '../features/simulator/slice';
import { createStaffSlice } from '../features/staff/slice';
import { createTillSlice } from '../features/till/slice';
import { createTillWalletPaySlice } from '../features/till/wallet-pay/slice';
import { createUiSlice } from './ui-slice';
import { createUnmatchedSlice } from '../features/unmatched/slice';
import { createWebhooksSlice } from '../features/webhooks/slice';
import { createWalletProofSlice } from '../features/wallet-proof/slice';
import { createWidgetSlice } from '../features/widget/slice';
import type { ConsoleStore } from './types';

export type { ConsoleStore } from './types';

/** One store, one slice per domain. The console holds one; each slice test builds its own. */
export const createConsoleStore = (): StoreApi<ConsoleStore> =>
  createStore<ConsoleStore>()((...a) => ({
    ...createUiSlice(...a),
    ...createDashboardSlice(...a),
    ...createPaymentsSlice(...a),
    ...createRefundsSlice(...a),
    ...createInvoiceSlice(...a),
    ...createUnmatchedSlice(...a),
    ...createSettingsSlice(...a),
    ...createWebhooksSlice(...a),
    ...createWidgetSlice(...a),
    ...createSimulatorSlice(...a),
    ...createSignInSlice(...a),
    ...createLiveSlice(...a),
    ...createTillSlice(...a),
    ...createTillWalletPaySlice(...a),
    ...createBrandSlice(...a),
    ...createDesktopSlice(...a),
    ...createBackupsSlice(...a),
    ...createStaffSlice(...a),
    ...createReceiptsSlice(...a),
    ...createCloseDaySlice(...a),
    ...createWalletProofSlice(...a),
    ...createPricingSlice(...a),
  }));

// Built on first use, not at import: the slice tests import this module in Node, where the ui slice's
// browser globals only exist once the test has put them in place.
let consoleStore: StoreApi<ConsoleStore> | null = null;
const theStore = (): StoreApi<ConsoleStore> => (consoleStore ??= createConsoleStore());

/** Components read through a named selector from the slice files (renderer/README.md), never the whole store. */
export const useConsoleStore = <T>(selector: (s: ConsoleStore) => T): T => useStore(theStore(), selector);

/** For code outside React (event listeners set up once). */
export const getConsoleState = (): ConsoleStore => theStore().getState();
