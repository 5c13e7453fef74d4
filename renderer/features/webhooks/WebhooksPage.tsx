import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SUBSCRIBABLE_EVENTS, type SubscribableEvent, type WebhookEndpointView } from '../../../contract/webhooks';
import { CopyButton } from '../../components/CopyButton';
import { ConfirmButton } from '../../components/ConfirmDialog';
import { DeliveryDialog } from './DeliveryDialog';
import { Empty } from '../../components/Empty';
import { PageHeader } from '../../components/PageHeader';
import { DeliveryLog } from './DeliveryLog';
import { useInterval } from '../../hooks/useInterval';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectEndpointError, selectEndpoints, selectRevealedSecret, selectWebhooksActions } from './slice';
import './webhooks.css';

/** "*" is what the API stores; people read "All events". */
const eventLabel = (event: string): string => (event === '*' ? 'All events' : event);

/** When the endpoint was last sent to and how that ended, kept current by the log's refresh. */
function LastDelivery({ endpoint }: { endpoint: WebhookEndpointView }) {
  if (endpoint.status === 'failing')
    return <span className="error-text">Failing since {formatDateTime(endpoint.failingSince)}</span>;
  if (endpoint.lastDeliveryAt === null) return <>No delivery yet</>;
  const failed = endpoint.lastDeliveryOutcome === 'failed';
  return (
    <>
      Last delivery {formatDateTime(endpoint.lastDeliveryAt)} ·{' '}
      <strong className={failed ? 'error-text' : undefined}>{failed ? 'failed' : 'delivered'}</strong>
    </>
  );
}

/** An endpoint's events as the form offers them, in the form's order. */
const subscribed = (events: readonly string[]): SubscribableEvent[] =>
  SUBSCRIBABLE_EVENTS.filter((e) => events.includes(e));

function EndpointForm({ endpoint, onDone }: { endpoint: WebhookEndpointView | null; onDone(): void }) {
  const { saveEndpoint } = useConsoleStore(useShallow(selectWebhooksActions));
  const error = useConsoleStore(selectEndpointError);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [events, setEvents] = useState<SubscribableEvent[]>(endpoint ? subscribed(endpoint.events) : ['*']);
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const toggle = (e: SubscribableEvent) =>
    setEvents((list) => (list.includes(e) ? list.filter((x) => x !== e) : [...list, e]));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await saveEndpoint(endpoint?.id ?? null, { url: url.trim(), events, description: description.trim() || null }))
      onDone();
  };
  return (
    <form
      className="card form"
      onSubmit={(e) => void submit(e)}
      aria-label={endpoint ? 'Edit endpoint' : 'Add endpoint'}
    >
      <label htmlFor="wh-url">Endpoint URL</label>
      <input
        id="wh-url"
        type="url"
        placeholder="https://shop.example/webhooks/tontill"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        aria-invalid={error?.field === 'url'}
        aria-describedby="wh-error"
      />
      <fieldset>
        <legend>Events</legend>
        <div className="checks">
          {SUBSCRIBABLE_EVENTS.map((e) => (
            <label key={e} className="check">
              <input type="checkbox" checked={events.includes(e)} onChange={() => toggle(e)} /> {eventLabel(e)}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor="wh-desc">
        Description <span className="muted">(optional)</span>
      </label>
      <input id="wh-desc" value={description} onChange={(e) => setDescription(e.target.value)} />
      {error ? (
        <p className="field-error" id="wh-error" role="alert">
          {error.message}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          {endpoint ? 'Save' : 'Add endpoint'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Endpoints() {
  const endpoints = useConsoleStore(selectEndpoints);
  const secret = useConsoleStore(selectRevealedSecret);
  const { dismissSecret, saveEndpoint, rotateSecret, sendTest } = useConsoleStore(useShallow(selectWebhooksActions));
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="endpoints-title">
      <div className="section-head">
        <h2 id="endpoints-title">Endpoints</h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          Add endpoint
        </button>
      </div>
      {secret ? (
        <div className="callout" role="status">
          <p>
            <strong>Signing secret</strong> — copy it now; it is not shown again.
          </p>
          <p>
            <code className="wrap" data-testid="webhook-secret">
              {secret.secret}
            </code>{' '}
            <CopyButton text={secret.secret} />
          </p>
          <button type="button" className="btn btn-small" onClick={dismissSecret}>
            I have stored it
          </button>
        </div>
      ) : null}
      {editing === 'new' ? <EndpointForm endpoint={null} onDone={() => setEditing(null)} /> : null}
      {endpoints.length === 0 && editing !== 'new' ? (
        <Empty title="No webhook endpoint">Add one to receive signed events when payments change.</Empty>
      ) : null}
      <ul className="endpoints">
        {endpoints.map((e) =>
          editing === e.id ? (
            <li key={e.id}>
              <EndpointForm endpoint={e} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={e.id} className="card endpoint" data-testid="endpoint">
              <div className="endpoint-main">
                <p>
                  <code className="wrap">{e.url}</code>
                </p>
                <p className="muted">
                  {e.events.map(eventLabel).join(', ')}
                  {e.description ? ` · ${e.description}` : ''}
                </p>
                <p className="muted endpoint-last-delivery" data-testid="endpoint-last-delivery" aria-live="polite">
                  <LastDelivery endpoint={e} />
                </p>
              </div>
              <div className="row-actions">
                <label className="switch">
                  <input
                    type="checkbox"
                    checked={e.enabled}
                    onChange={() =>
                      void saveEndpoint(e.id, { url: e.url, events: subscribed(e.events), enabled: !e.enabled })
                    }
                  />{' '}
                  Enabled
                </label>
                <button type="button" className="btn btn-small" onClick={() => void sendTest(e.id)}>
                  Send test
                </button>
                <button type="button" className="btn btn-small" onClick={() => setEditing(e.id)}>
                  Edit
                </button>
                <ConfirmButton
                  label="Rotate secret"
                  className="btn btn-small"
                  title="Rotate the signing secret?"
                  confirmLabel="Rotate secret"
                  keepLabel="Keep current secret"
                  onConfirm={() => void rotateSecret(e.id)}
                >
                  <p>
                    Deliveries to <code className="wrap">{e.url}</code> are signed with a new secret from now on. The
                    old one keeps signing beside it for 24 hours: give your receiver the new one before then.
                  </p>
                </ConfirmButton>
              </div>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}

export function WebhooksPage() {
  const { loadEndpoints, refreshDeliveryLog } = useConsoleStore(useShallow(selectWebhooksActions));
  // the log loads when its filter is read from the route (DeliveryLog)
  useEffect(() => void loadEndpoints(), [loadEndpoints]);
  useInterval(() => void refreshDeliveryLog(), 4_000);
  return (
    <>
      <PageHeader title="Webhooks" />
      <Endpoints />
      <DeliveryLog />
      <DeliveryDialog />
    </>
  );
}
