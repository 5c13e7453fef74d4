import { vi } from 'vitest';
import type { StoreApi } from 'zustand/vanilla';
import type { ConfigInput } from '../../server/config/config';
import { configureApiClient } from '../../renderer/api/client';
import { createConsoleStore, type ConsoleStore } from '../../renderer/store';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * What the store reads of a browser, and nothing more: `location.hash` (routes), `localStorage` (the
 * theme) and `matchMedia` (the preferred scheme). No `window`: the configured API client never asks
 * for the desktop bridge, and the sandbox chain's emulator, running in this process, would take a
 * defined `window` for a web page.
 */
export interface BrowserStandIn {
  location: { hash: string };
  storage: Map<string, string>;
  prefersDark: boolean;
}

function installBrowserGlobals(): BrowserStandIn {
  const browser: BrowserStandIn = { location: { hash: '' }, storage: new Map(), prefersDark: false };
  vi.stubGlobal('location', browser.location);
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => browser.storage.get(key) ?? null,
    setItem: (key: string, value: string) => void browser.storage.set(key, value),
  });
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-color-scheme: dark)' && browser.prefersDark,
  }));
  return browser;
}

export interface StoreHarness {
  /** The whole service on 127.0.0.1 (sandbox chain, real SQLite in a temp dir). */
  server: TestServer;
  browser: BrowserStandIn;
  /** A fresh store, built the way the console builds its own. */
  newStore(): StoreApi<ConsoleStore>;
  /** Points the API client at the service with this console session token (default: a new session). */
  signIn(token?: string): Promise<void>;
  dispose(): Promise<void>;
}

/** The real service, and the renderer's API client pointed at it with a console session token. */
export async function startStoreHarness(config: Partial<ConfigInput> = {}): Promise<StoreHarness> {
  const server = await startTestServer({ config });
  const browser = installBrowserGlobals();
  const signIn = async (token?: string) =>
    configureApiClient({ baseUrl: server.url, token: token ?? (await server.services.sessions.createSession()) });
  await signIn();
  return {
    server,
    browser,
    signIn,
    newStore: createConsoleStore,
    async dispose() {
      await server.dispose();
      vi.unstubAllGlobals();
    },
  };
}

/** The newest toast's text: where `fail` reports what went wrong. */
export const lastToast = (s: ConsoleStore): string | undefined => s.toasts.at(-1)?.message;

/** Resolves once the store's state satisfies `done`, e.g. after an action started without awaiting its request. */
export function until(store: StoreApi<ConsoleStore>, done: (s: ConsoleStore) => boolean): Promise<ConsoleStore> {
  return new Promise((resolve) => {
    if (done(store.getState())) return resolve(store.getState());
    const unsubscribe = store.subscribe((s) => {
      if (!done(s)) return;
      unsubscribe();
      resolve(s);
    });
  });
}
