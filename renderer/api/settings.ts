import { download, get, post, request, upload, withQuery } from './client';
import type { ApiKey, Problem, SettingsInput, SettingsView, WidgetSession } from './types';

export const settingsApi = {
  session: () => get<{ ok: true; mode: string }>('/session'),
  logout: () => post<void>('/logout'),
  get: () => get<SettingsView>('/settings'),
  validate: (input: SettingsInput) => post<{ valid: boolean; problems: Problem[] }>('/settings/validate', input),
  save: (input: SettingsInput) => request<SettingsView>('PUT', '/settings', input),
  allowOrigin: (origin: string) => post<SettingsView>('/settings/allowed-origins', { origin }),
  dismissRefusedOrigin: (origin: string) => request<SettingsView>('DELETE', withQuery('/settings/refused-origins', { origin })),
  apiKeys: () => get<{ items: ApiKey[] }>('/api-keys'),
  createApiKey: (name: string) => post<{ key: string; apiKey: ApiKey }>('/api-keys', { name }),
  revokeApiKey: (id: string) => request<void>('DELETE', `/api-keys/${encodeURIComponent(id)}`),
  backup: () => download('/backup', {}, 'tontill-backup.db'),
  restore: (file: Blob) => upload<{ staged: true; schemaVersion: number; payments: number }>('/restore', file),
  cancelRestore: () => request<void>('DELETE', '/restore'),
  widgetSession: (amount: string) => post<WidgetSession>('/widget-preview/session', { amount }),
};
