import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DELIVERY_EVENT_TYPES, type DeliveryState } from '../../../contract/webhooks';
import { Empty } from '../../components/Empty';
import { useConsoleStore } from '../../store';
import { selectRouteParam, selectUiActions } from '../../store/ui-slice';
import { DeliveryTable } from './DeliveryTable';
import { CALLBACKS, logFilterFromRouteParam, routeOfLogFilter, type DeliveryLogFilter } from './log-filter';
import {
  selectDeliveries,
  selectDeliveryFilter,
  selectEndpoints,
  selectHasMoreDeliveries,
  selectWebhooksActions,
} from './slice';

/** The outcomes the log filters by, in the words the state badges use. */
const OUTCOMES: ReadonlyArray<[DeliveryState, string]> = [
  ['delivered', 'Delivered'],
  ['retrying', 'Retrying'],
  ['pending', 'Not sent yet'],
  ['failed', 'Failed (given up)'],
];

/**
 * The filters live in the hash (a reload or a shared link shows the same log): a change goes
 * through the route, and the route sets the slice's filter, which loads the log.
 */
function useFilterFromRoute(): (patch: Partial<DeliveryLogFilter>) => void {
  const param = useConsoleStore(selectRouteParam);
  const filter = useConsoleStore(selectDeliveryFilter);
  const { setDeliveryFilter } = useConsoleStore(useShallow(selectWebhooksActions));
  const { navigate } = useConsoleStore(useShallow(selectUiActions));
  useEffect(() => setDeliveryFilter(logFilterFromRouteParam(param)), [param, setDeliveryFilter]);
  return (patch) => navigate(routeOfLogFilter({ ...filter, ...patch }));
}

function LogFilters() {
  const filter = useConsoleStore(selectDeliveryFilter);
  const endpoints = useConsoleStore(selectEndpoints);
  const change = useFilterFromRoute();
  return (
    <div className="filters delivery-log-filters">
      <label className="filter">
        <span>Event type</span>
        <select
          value={filter.eventType}
          onChange={(e) => change({ eventType: e.target.value as DeliveryLogFilter['eventType'] })}
        >
          <option value="">All events</option>
          {DELIVERY_EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Outcome</span>
        <select value={filter.state} onChange={(e) => change({ state: e.target.value as DeliveryLogFilter['state'] })}>
          <option value="">All</option>
          {OUTCOMES.map(([state, label]) => (
            <option key={state} value={state}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label className="filter">
        <span>Endpoint</span>
        <select value={filter.endpointId} onChange={(e) => change({ endpointId: e.target.value })}>
          <option value="">All</option>
          <option value={CALLBACKS}>Per-payment callbacks</option>
          {endpoints.map((e) => (
            <option key={e.id} value={e.id}>
              {e.url}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

export function DeliveryLog() {
  const deliveries = useConsoleStore(selectDeliveries);
  const hasMore = useConsoleStore(selectHasMoreDeliveries);
  const filter = useConsoleStore(selectDeliveryFilter);
  const { loadDeliveries } = useConsoleStore(useShallow(selectWebhooksActions));
  const filtered = filter.eventType !== '' || filter.state !== '' || filter.endpointId !== '';
  return (
    <section aria-labelledby="log-title">
      <div className="section-head">
        <h2 id="log-title">Delivery log</h2>
        <LogFilters />
      </div>
      {deliveries.length === 0 ? (
        filtered ? (
          <Empty title="No delivery matches">Change or clear the filters above.</Empty>
        ) : (
          <Empty title="No deliveries yet">Events appear here as they are sent.</Empty>
        )
      ) : (
        <DeliveryTable deliveries={deliveries} testId="delivery-log" detailed />
      )}
      {hasMore ? (
        <button type="button" className="btn" onClick={() => void loadDeliveries(true)}>
          Older deliveries
        </button>
      ) : null}
    </section>
  );
}
