import { paymentsApi, type PaymentFilters } from './api';
import type { PaymentDetail, PaymentRowView as PaymentRow } from '../../../contract/console';
import type { WebhookDeliveryView as Delivery } from '../../../contract/webhooks';
import { webhooksApi } from '../webhooks/api';
import type { ConsoleStore, SliceCreator } from '../../store/types';

export interface PaymentsSlice {
  rows: PaymentRow[];
  filters: PaymentFilters;
  nextCursor: string | null;
  isListLoading: boolean;
  hasLoadedList: boolean;
  detail: PaymentDetail | null;
  detailDeliveries: Delivery[];
  isDetailLoading: boolean;
  setFilters(patch: Partial<PaymentFilters>): void;
  loadPayments(): Promise<void>;
  loadMorePayments(): Promise<void>;
  exportPayments(): Promise<void>;
  openPayment(id: string): Promise<void>;
  refreshDetail(): Promise<void>;
  cancelPayment(id: string): Promise<void>;
  redeliverEvent(eventId: string, endpointId?: string): Promise<void>;
}

const PAGE = 200;
export const EMPTY_FILTERS: PaymentFilters = {
  status: '',
  currency: '',
  createdFrom: '',
  createdTo: '',
  q: '',
  includeTest: false,
};

export const createPaymentsSlice: SliceCreator<PaymentsSlice> = (set, get) => {
  let listGeneration = 0;
  return {
    rows: [],
    filters: EMPTY_FILTERS,
    nextCursor: null,
    isListLoading: false,
    hasLoadedList: false,
    detail: null,
    detailDeliveries: [],
    isDetailLoading: false,

    setFilters: (patch) => {
      set((s) => ({ filters: { ...s.filters, ...patch } }));
      void get().loadPayments();
    },

    loadPayments: async () => {
      // A newer filter wins: answers to older requests are dropped.
      const generation = ++listGeneration;
      set({ isListLoading: true });
      try {
        const page = await paymentsApi.list(get().filters, null, PAGE);
        if (generation !== listGeneration) return;
        set({ rows: page.items, nextCursor: page.nextCursor, hasLoadedList: true });
      } catch (err) {
        if (generation === listGeneration) get().fail(err, 'Could not load payments');
      } finally {
        if (generation === listGeneration) set({ isListLoading: false });
      }
    },

    loadMorePayments: async () => {
      const { nextCursor, isListLoading, filters } = get();
      if (!nextCursor || isListLoading) return;
      const generation = listGeneration;
      set({ isListLoading: true });
      try {
        const page = await paymentsApi.list(filters, nextCursor, PAGE);
        if (generation !== listGeneration) return;
        set((s) => ({ rows: s.rows.concat(page.items), nextCursor: page.nextCursor }));
      } catch (err) {
        get().fail(err, 'Could not load more payments');
      } finally {
        if (generation === listGeneration) set({ isListLoading: false });
      }
    },

    exportPayments: async () => {
      try {
        const { name } = await paymentsApi.exportCsv(get().filters);
        get().toast('success', `Exported ${name}`);
      } catch (err) {
        get().fail(err, 'Export failed');
      }
    },

    openPayment: async (id) => {
      set({
        isDetailLoading: true,
        detail: get().detail?.payment.id === id ? get().detail : null,
        detailDeliveries: [],
      });
      try {
        const [detail, deliveries] = await Promise.all([
          paymentsApi.detail(id),
          webhooksApi.deliveries({ paymentId: id }, null, 100).catch(() => ({ items: [] as Delivery[] })),
        ]);
        set({ detail, detailDeliveries: deliveries.items });
      } catch (err) {
        get().fail(err, 'Could not open the payment');
      } finally {
        set({ isDetailLoading: false });
      }
    },

    refreshDetail: async () => {
      const id = get().detail?.payment.id;
      if (!id) return;
      try {
        const [detail, deliveries] = await Promise.all([
          paymentsApi.detail(id),
          webhooksApi.deliveries({ paymentId: id }, null, 100),
        ]);
        if (get().detail?.payment.id === id) set({ detail, detailDeliveries: deliveries.items });
      } catch {
        /* a background refresh; the next one retries */
      }
    },

    cancelPayment: async (id) => {
      try {
        await paymentsApi.cancel(id);
        get().toast('success', 'Payment cancelled');
        await get().refreshDetail();
        set((s) => ({ rows: s.rows.map((r) => (r.id === id ? { ...r, status: 'cancelled' } : r)) }));
      } catch (err) {
        get().fail(err, 'Could not cancel');
      }
    },

    redeliverEvent: async (eventId, endpointId) => {
      try {
        const { deliveries } = await webhooksApi.redeliver(eventId, endpointId);
        get().toast(
          'success',
          deliveries.length
            ? `Queued ${deliveries.length} new deliver${deliveries.length === 1 ? 'y' : 'ies'}`
            : 'No endpoint subscribes to this event',
        );
        await get().refreshDetail();
        await get().loadDeliveries();
      } catch (err) {
        get().fail(err, 'Redeliver failed');
      }
    },
  };
};

export const selectPaymentRows = (s: ConsoleStore) => s.rows;
export const selectPaymentFilters = (s: ConsoleStore) => s.filters;
export const selectHasMorePayments = (s: ConsoleStore) => s.nextCursor !== null;
export const selectIsListLoading = (s: ConsoleStore) => s.isListLoading;
export const selectHasLoadedList = (s: ConsoleStore) => s.hasLoadedList;
export const selectPaymentDetail = (s: ConsoleStore) => s.detail;
export const selectDetailDeliveries = (s: ConsoleStore) => s.detailDeliveries;
export const selectIsDetailLoading = (s: ConsoleStore) => s.isDetailLoading;
export const selectPaymentsActions = (s: ConsoleStore) => ({
  setFilters: s.setFilters,
  loadPayments: s.loadPayments,
  loadMorePayments: s.loadMorePayments,
  exportPayments: s.exportPayments,
  openPayment: s.openPayment,
  refreshDetail: s.refreshDetail,
  cancelPayment: s.cancelPayment,
  redeliverEvent: s.redeliverEvent,
});
