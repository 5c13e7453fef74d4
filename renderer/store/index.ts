import { create } from 'zustand';
import { createDashboardSlice } from './slices/dashboard';
import { createInvoiceSlice } from './slices/invoice';
import { createPaymentsSlice } from './slices/payments';
import { createSettingsSlice } from './slices/settings';
import { createSimulatorSlice } from './slices/simulator';
import { createUiSlice } from './slices/ui';
import { createUnmatchedSlice } from './slices/unmatched';
import { createWebhooksSlice } from './slices/webhooks';
import { createWidgetSlice } from './slices/widget';
import type { ConsoleStore } from './types';

export type { ConsoleStore } from './types';

/** One store, one slice per domain; components select narrowly and call actions. */
export const useConsoleStore = create<ConsoleStore>()((...a) => ({
  ...createUiSlice(...a),
  ...createDashboardSlice(...a),
  ...createPaymentsSlice(...a),
  ...createInvoiceSlice(...a),
  ...createUnmatchedSlice(...a),
  ...createSettingsSlice(...a),
  ...createWebhooksSlice(...a),
  ...createWidgetSlice(...a),
  ...createSimulatorSlice(...a),
}));

/** For code outside React (event listeners set up once). */
export const getConsoleState = (): ConsoleStore => useConsoleStore.getState();
