import { download, get, post, request, requestNoContent, upload, withQuery } from '../../api/client';
import {
  ApiKeyListSchema,
  ConsoleSessionSchema,
  CreatedApiKeySchema,
  RestoreStagedSchema,
} from '../../../contract/console';
import { SettingsCheckSchema, SettingsViewSchema, type SettingsInput } from '../../../contract/console-settings';
import { WidgetPreviewSessionSchema, type WidgetPreviewSessionRequest } from '../../../contract/widget';

export const settingsApi = {
  session: () => get(ConsoleSessionSchema, '/session'),
  logout: () => requestNoContent('POST', '/logout', {}),
  get: () => get(SettingsViewSchema, '/settings'),
  validate: (input: SettingsInput) => post(SettingsCheckSchema, '/settings/validate', input),
  save: (input: SettingsInput) => request(SettingsViewSchema, 'PUT', '/settings', input),
  /** Restart to apply: the service re-opens its chain with the saved settings and answers the settings after it. */
  restart: () => post(SettingsViewSchema, '/settings/restart'),
  allowOrigin: (origin: string) => post(SettingsViewSchema, '/settings/allowed-origins', { origin }),
  dismissRefusedOrigin: (origin: string) =>
    request(SettingsViewSchema, 'DELETE', withQuery('/settings/refused-origins', { origin })),
  apiKeys: () => get(ApiKeyListSchema, '/api-keys'),
  createApiKey: (name: string) => post(CreatedApiKeySchema, '/api-keys', { name }),
  revokeApiKey: (id: string) => requestNoContent('DELETE', `/api-keys/${encodeURIComponent(id)}`),
  backup: () => download('/backup', {}, 'tontill-backup.db'),
  restore: (file: Blob) => upload(RestoreStagedSchema, '/restore', file),
  cancelRestore: () => requestNoContent('DELETE', '/restore'),
  widgetSession: (amount: string) =>
    post(WidgetPreviewSessionSchema, '/widget-preview/session', { amount } satisfies WidgetPreviewSessionRequest),
};
