import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { createBackupsSlice } from './slices/backups';
import { createBrandSlice } from './slices/brand';
import { createCloseDaySlice } from './slices/close-day';
import { createDashboardSlice } from './slices/dashboard';
import { createDesktopSlice } from './slices/desktop';
import { createInvoiceSlice } from './slices/invoice';
import { createLiveSlice } from './slices/live';
import { createPaymentsSlice } from './slices/payments';
import { createReceiptsSlice } from './slices/receipts';
import { createRefundsSlice } from './slices/refunds';
import { createSettingsSlice } from './slices/settings';
import { createSignInSlice } from './slices/signin';
import { createSimulatorSlice } from './slices/simulator';
import { createStaffSlice } from './slices/staff';
import { createTillSlice } from './slices/till';
import { createUiSlice } from './slices/ui';
import { createUnmatchedSlice } from './slices/unmatched';
import { createWebhooksSlice } from './slices/webhooks';
import { createWidgetSlice } from './slices/widget';
import type { ConsoleStore } from './types';

export type { ConsoleStore } from './types';

/** One store, one slice per domain. The console holds one; each slice test builds its own. */
export const createConsoleStore = (): StoreApi<ConsoleStore> => createStore<ConsoleStore>()((...a) => ({
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
  ...createBrandSlice(...a),
  ...createDesktopSlice(...a),
  ...createBackupsSlice(...a),
  ...createStaffSlice(...a),
  ...createReceiptsSlice(...a),
  ...createCloseDaySlice(...a),
}));

// Built on first use, not at import: the slice tests import this module in Node, where the ui slice's
// browser globals only exist once the test has put them in place.
let consoleStore: StoreApi<ConsoleStore> | null = null;
const theStore = (): StoreApi<ConsoleStore> => (consoleStore ??= createConsoleStore());

/** Components read through a named selector from the slice files (renderer/README.md), never the whole store. */
export const useConsoleStore = <T>(selector: (s: ConsoleStore) => T): T => useStore(theStore(), selector);

/** For code outside React (event listeners set up once). */
export const getConsoleState = (): ConsoleStore => theStore().getState();
