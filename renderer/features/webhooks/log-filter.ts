import {
  DELIVERY_EVENT_TYPES,
  DELIVERY_STATES,
  type DeliveriesFilter,
  type DeliveryState,
} from '../../../contract/webhooks';

/** The endpoint filter's value for every payment's own callbackUrl (endpoint ids start with `whe_`). */
export const CALLBACKS = 'callbacks';

export type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];

/** The delivery log's filters as the page holds them: '' is "all". */
export interface DeliveryLogFilter {
  eventType: DeliveryEventType | '';
  state: DeliveryState | '';
  /** '' for all, an endpoint id, or CALLBACKS */
  endpointId: string;
}

export const NO_LOG_FILTER: DeliveryLogFilter = { eventType: '', state: '', endpointId: '' };

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  values.find((v) => v === value) ?? '';

/**
 * The filters travel in the hash after the route (`#/webhooks/event=payment.paid&state=retrying`),
 * so a reload or a shared link shows the same log. Values the console does not know are dropped.
 */
export function logFilterFromRouteParam(param: string | null): DeliveryLogFilter {
  const query = new URLSearchParams(param ?? '');
  return {
    eventType: oneOf(DELIVERY_EVENT_TYPES, query.get('event')),
    state: oneOf(DELIVERY_STATES, query.get('state')),
    endpointId: query.get('endpoint') ?? '',
  };
}

export function routeOfLogFilter(filter: DeliveryLogFilter): string {
  const query = new URLSearchParams();
  if (filter.eventType) query.set('event', filter.eventType);
  if (filter.state) query.set('state', filter.state);
  if (filter.endpointId) query.set('endpoint', filter.endpointId);
  const param = query.toString();
  return param ? `webhooks/${param}` : 'webhooks';
}

/** The query the server filters the log by. */
export function deliveriesQueryOf(filter: DeliveryLogFilter): DeliveriesFilter {
  const target =
    filter.endpointId === CALLBACKS
      ? { target: 'callbacks' as const }
      : filter.endpointId
        ? { endpointId: filter.endpointId }
        : {};
  return {
    ...(filter.eventType ? { eventType: filter.eventType } : {}),
    ...(filter.state ? { state: filter.state } : {}),
    ...target,
  };
}
