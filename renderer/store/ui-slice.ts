import { ApiError } from '../api/client';
import type { ConsoleStore, SliceCreator } from './types';

export type Theme = 'light' | 'dark';
export interface Toast {
  id: number;
  kind: 'error' | 'success' | 'info';
  message: string;
}

export interface UiSlice {
  route: string;
  theme: Theme;
  toasts: Toast[];
  isUnauthorized: boolean;
  navigate(route: string): void;
  syncRoute(route: string): void;
  setTheme(theme: Theme): void;
  toast(kind: Toast['kind'], message: string): void;
  dismissToast(id: number): void;
  /** Reports a failed action as a toast; returns the API error for callers that show it inline too. */
  fail(err: unknown, what: string): ApiError | null;
}

const THEME_KEY = 'tontill.theme';

function initialTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export const routeFromHash = (hash: string): string => hash.replace(/^#\/?/, '') || 'dashboard';

export const createUiSlice: SliceCreator<UiSlice> = (set, get) => {
  let nextToast = 1;
  return {
    route: routeFromHash(location.hash),
    theme: initialTheme(),
    toasts: [],
    isUnauthorized: false,
    navigate: (route) => {
      location.hash = `#/${route}`;
      set({ route });
    },
    syncRoute: (route) => set({ route }),
    setTheme: (theme) => {
      localStorage.setItem(THEME_KEY, theme);
      set({ theme });
    },
    toast: (kind, message) => {
      // Several calls failing for one reason (a dashboard and a page loading at once) say it once.
      if (get().toasts.some((t) => t.kind === kind && t.message === message)) return;
      const id = nextToast++;
      set((s) => ({ toasts: [...s.toasts.slice(-2), { id, kind, message }] }));
      setTimeout(() => get().dismissToast(id), kind === 'error' ? 8_000 : 4_000);
    },
    dismissToast: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
    fail: (err, what) => {
      const apiError = err instanceof ApiError ? err : null;
      // Signed out: the signed-out screen says how to sign in again, a toast per refused call would only repeat it.
      if (apiError?.status === 401) {
        set({ isUnauthorized: true });
        return apiError;
      }
      get().toast('error', `${what}: ${apiError?.message ?? (err instanceof Error ? err.message : String(err))}`);
      return apiError;
    },
  };
};

export const selectRoute = (s: ConsoleStore) => s.route;
export const selectPage = (s: ConsoleStore) => s.route.split('/')[0] ?? 'dashboard';
export const selectRouteParam = (s: ConsoleStore) => s.route.split('/')[1] ?? null;
export const selectTheme = (s: ConsoleStore) => s.theme;
export const selectToasts = (s: ConsoleStore) => s.toasts;
export const selectIsUnauthorized = (s: ConsoleStore) => s.isUnauthorized;
export const selectUiActions = (s: ConsoleStore) => ({
  navigate: s.navigate,
  syncRoute: s.syncRoute,
  setTheme: s.setTheme,
  toast: s.toast,
  dismissToast: s.dismissToast,
  fail: s.fail,
});
