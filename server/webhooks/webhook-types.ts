import type { StoredEvent, WebhookEndpoint } from '../storage/records';

export const subscribes = (endpoint: Pick<WebhookEndpoint, 'events'>, type: StoredEvent['type']): boolean =>
  endpoint.events.includes('*') || endpoint.events.includes(type);
