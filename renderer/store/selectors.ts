import type { PaymentStatus } from '../../contract/payments';
import type { ConsoleStore } from './types';

export const uiSelectors = {
  route: (s: ConsoleStore) => s.route,
  page: (s: ConsoleStore) => s.route.split('/')[0] ?? 'dashboard',
  routeParam: (s: ConsoleStore) => s.route.split('/')[1] ?? null,
  theme: (s: ConsoleStore) => s.theme,
  toasts: (s: ConsoleStore) => s.toasts,
};

export const dashboardSelectors = {
  stats: (s: ConsoleStore) => s.stats,
  watcher: (s: ConsoleStore) => s.watcher,
  mode: (s: ConsoleStore) => s.watcher?.mode ?? null,
  count: (status: PaymentStatus) => (s: ConsoleStore) => s.stats?.counts[status] ?? 0,
};

export const paymentsSelectors = {
  rows: (s: ConsoleStore) => s.rows,
  rowCount: (s: ConsoleStore) => s.rows.length,
  hasMore: (s: ConsoleStore) => s.nextCursor !== null,
  filters: (s: ConsoleStore) => s.filters,
  detail: (s: ConsoleStore) => s.detail,
};

export const settingsSelectors = {
  /** A list field (allowedOrigins) also collects its items' problems (allowedOrigins.0, …). */
  problemFor: (field: string, withItems = false) => (s: ConsoleStore) =>
    s.settingsProblems.find((p) => p.field === field || (withItems && p.field.startsWith(`${field}.`)))?.message ?? null,
};
