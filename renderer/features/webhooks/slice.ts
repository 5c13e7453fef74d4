import { ApiError } from '../../api/client';
import type { ConsoleStore, SliceCreator } from '../../store/types';
import { webhooksApi } from './api';
import type {
  CallbackSecret,
  CreateEndpointRequest as EndpointInput,
  DeliveryDetail,
  WebhookDeliveryView as Delivery,
  WebhookEndpointView as WebhookEndpoint,
} from '../../../contract/webhooks';
import { deliveriesQueryOf, NO_LOG_FILTER, type DeliveryLogFilter } from './log-filter';

export { CALLBACKS } from './log-filter';

export interface WebhooksSlice {
  endpoints: WebhookEndpoint[];
  deliveries: Delivery[];
  deliveriesCursor: string | null;
  deliveryFilter: DeliveryLogFilter;
  openDelivery: DeliveryDetail | null;
  revealedSecret: { endpointId: string; secret: string } | null;
  endpointError: { field: string | null; message: string } | null;
  /** loaded only when the merchant asks to see it */
  callbackSecret: CallbackSecret | null;
  revealCallbackSecret(): Promise<void>;
  hideCallbackSecret(): void;
  rotateCallbackSecret(): Promise<boolean>;
  loadEndpoints(): Promise<void>;
  loadDeliveries(more?: boolean): Promise<void>;
  /** the log's periodic refresh: the endpoints' last-delivery summaries change with it */
  refreshDeliveryLog(): Promise<void>;
  setDeliveryFilter(patch: Partial<DeliveryLogFilter>): void;
  /** retries it now while it waits for a retry, else queues a new delivery of its event */
  redeliverDelivery(id: string): Promise<void>;
  saveEndpoint(id: string | null, input: EndpointInput): Promise<boolean>;
  rotateSecret(id: string): Promise<void>;
  sendTest(id: string): Promise<void>;
  showDelivery(id: string | null): Promise<void>;
  dismissSecret(): void;
}

export const createWebhooksSlice: SliceCreator<WebhooksSlice> = (set, get) => {
  let deliveryRequests = 0;
  return {
    endpoints: [],
    deliveries: [],
    deliveriesCursor: null,
    deliveryFilter: NO_LOG_FILTER,
    openDelivery: null,
    revealedSecret: null,
    endpointError: null,
    callbackSecret: null,
    revealCallbackSecret: async () => {
      try {
        set({ callbackSecret: await webhooksApi.callbackSecret() });
      } catch (err) {
        get().fail(err, 'Could not load the callback secret');
      }
    },
    hideCallbackSecret: () => set({ callbackSecret: null }),
    rotateCallbackSecret: async () => {
      try {
        set({ callbackSecret: await webhooksApi.rotateCallbackSecret() });
        get().toast('success', 'Callback secret rotated: the old one keeps signing beside it for 24 hours');
        return true;
      } catch (err) {
        get().fail(err, 'Could not rotate the callback secret');
        return false;
      }
    },
    loadEndpoints: async () => {
      try {
        set({ endpoints: (await webhooksApi.endpoints()).items });
      } catch (err) {
        get().fail(err, 'Could not load endpoints');
      }
    },
    loadDeliveries: async (more = false) => {
      const { deliveryFilter, deliveriesCursor } = get();
      if (more && !deliveriesCursor) return;
      try {
        const page = await webhooksApi.deliveries(deliveriesQueryOf(deliveryFilter), more ? deliveriesCursor : null);
        set((s) => ({
          deliveries: more ? s.deliveries.concat(page.items) : page.items,
          deliveriesCursor: page.nextCursor,
        }));
      } catch (err) {
        get().fail(err, 'Could not load deliveries');
      }
    },
    refreshDeliveryLog: async () => {
      await Promise.all([get().loadDeliveries(), get().loadEndpoints()]);
    },
    redeliverDelivery: async (id) => {
      try {
        const { retriedNow } = await webhooksApi.redeliverDelivery(id);
        get().toast('success', retriedNow ? 'Retrying now' : 'Queued 1 new delivery');
        await get().refreshDetail();
        await get().refreshDeliveryLog();
      } catch (err) {
        get().fail(err, 'Redeliver failed');
      }
    },
    setDeliveryFilter: (patch) => {
      set((s) => ({ deliveryFilter: { ...s.deliveryFilter, ...patch } }));
      void get().loadDeliveries();
    },
    saveEndpoint: async (id, input) => {
      set({ endpointError: null });
      try {
        if (id) {
          await webhooksApi.update(id, input);
          get().toast('success', 'Endpoint saved');
        } else {
          const { endpoint, secret } = await webhooksApi.create(input);
          set({ revealedSecret: { endpointId: endpoint.id, secret } });
        }
        await get().loadEndpoints();
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 400)
          set({ endpointError: { field: err.field ?? null, message: err.message } });
        else get().fail(err, 'Could not save the endpoint');
        return false;
      }
    },
    rotateSecret: async (id) => {
      try {
        const { secret } = await webhooksApi.rotate(id);
        set({ revealedSecret: { endpointId: id, secret } });
      } catch (err) {
        get().fail(err, 'Could not rotate the secret');
      }
    },
    sendTest: async (id) => {
      try {
        await webhooksApi.test(id);
        get().toast('success', 'Test event queued');
        setTimeout(() => void get().loadDeliveries(), 800);
        await get().loadDeliveries();
      } catch (err) {
        get().fail(err, 'Could not send a test');
      }
    },
    showDelivery: async (id) => {
      // Only the newest request may open the dialog: an answer that arrives after the dialog was
      // closed (or after another delivery was picked) must not bring it back over the page.
      const request = ++deliveryRequests;
      if (!id) {
        set({ openDelivery: null });
        return;
      }
      try {
        const delivery = await webhooksApi.delivery(id);
        if (request === deliveryRequests) set({ openDelivery: delivery });
      } catch (err) {
        get().fail(err, 'Could not open the delivery');
      }
    },
    dismissSecret: () => set({ revealedSecret: null }),
  };
};

export const selectEndpoints = (s: ConsoleStore) => s.endpoints;
export const selectEndpointCount = (s: ConsoleStore) => s.endpoints.length;
export const selectDeliveries = (s: ConsoleStore) => s.deliveries;
export const selectHasMoreDeliveries = (s: ConsoleStore) => s.deliveriesCursor !== null;
export const selectDeliveryFilter = (s: ConsoleStore) => s.deliveryFilter;
export const selectOpenDelivery = (s: ConsoleStore) => s.openDelivery;
export const selectRevealedSecret = (s: ConsoleStore) => s.revealedSecret;
export const selectEndpointError = (s: ConsoleStore) => s.endpointError;
export const selectCallbackSecret = (s: ConsoleStore) => s.callbackSecret;
export const selectWebhooksActions = (s: ConsoleStore) => ({
  loadEndpoints: s.loadEndpoints,
  loadDeliveries: s.loadDeliveries,
  refreshDeliveryLog: s.refreshDeliveryLog,
  redeliverDelivery: s.redeliverDelivery,
  setDeliveryFilter: s.setDeliveryFilter,
  saveEndpoint: s.saveEndpoint,
  rotateSecret: s.rotateSecret,
  sendTest: s.sendTest,
  showDelivery: s.showDelivery,
  dismissSecret: s.dismissSecret,
  revealCallbackSecret: s.revealCallbackSecret,
  hideCallbackSecret: s.hideCallbackSecret,
  rotateCallbackSecret: s.rotateCallbackSecret,
});
