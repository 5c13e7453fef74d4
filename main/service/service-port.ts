import type { BackupOutcome } from '../../contract/backups';

/** What the tray shows: the service answering and the watcher up to date, or not. */
export type ServiceState = 'running' | 'degraded' | 'stopped';

/** A committed store event as main sees it (payment events carry the public payment record as `data`). */
export interface ServiceEvent {
  type: string;
  paymentId: string | null;
  data: unknown;
}

/** What main needs from the running service. main/index.ts adapts startServer's result to it. */
export interface ServicePort {
  /** http://127.0.0.1:<port>: the last launch's port when it is free (main/service/stable-port.ts) */
  url: string;
  dataDir: string;
  /** the name of the console's session cookie */
  consoleCookie: string;
  /** a one-time token for /console/login, as `npm run console -- link` prints */
  createLoginToken(): Promise<string>;
  createSession(): Promise<string>;
  isSessionValid(token: string): Promise<boolean>;
  /** stops HTTP, the watcher and the dispatcher, and checkpoints the database */
  close(): Promise<void>;
  /** read every few seconds by the tray */
  status(): ServiceState;
  /** every committed store event, after it is durable; returns the unsubscribe */
  onEvent(listener: (event: ServiceEvent) => void): () => void;
  /** every automatic or manual backup's outcome; returns the unsubscribe */
  onBackupOutcome(listener: (outcome: BackupOutcome) => void): () => void;
}

/** The watcher's health as `GET /console/api/watcher` reports it (epoch ms here). */
export interface WatcherHealth {
  running: boolean;
  lastSuccessAt: number | null;
  consecutiveErrors: number;
}

/** A last good check older than this means transfers may wait unseen, as the console's watcher card says. */
export const UP_TO_DATE_MS = 60_000;

/**
 * The tray's reading of the watcher, the same as the console's (renderer/lib/describe-watcher.ts):
 * not running, failing, or more than a minute since the last good check is degraded. A watcher
 * still on its first check counts as running.
 */
export function serviceStateOf(closed: boolean, watcher: WatcherHealth | null, now: number): ServiceState {
  if (closed) return 'stopped';
  if (!watcher || !watcher.running || watcher.consecutiveErrors > 0) return 'degraded';
  if (watcher.lastSuccessAt !== null && now - watcher.lastSuccessAt > UP_TO_DATE_MS) return 'degraded';
  return 'running';
}

/** Structural, so only main/index.ts imports server/ while tests can adapt a real RunningServer. */
export interface RunningServerLike {
  url: string;
  /** the runtime the console asks too: a chain restart in place replaces its watcher */
  app: { runtime: { current(): { watcher: { status(): WatcherHealth } } | null } | null };
  services: {
    sessions: {
      createLoginToken(): Promise<string>;
      createSession(): Promise<string>;
      isValid(token: string): Promise<boolean>;
    };
    bus: { onCommitted(listener: (event: ServiceEvent) => void): () => void };
  };
  /** null when the service runs on PostgreSQL (backed up with pg_dump): no backup ever notifies */
  backups: { onOutcome(listener: (outcome: BackupOutcome) => void): () => void } | null;
  close(): Promise<void>;
}

export function toServicePort(
  server: RunningServerLike,
  dataDir: string,
  consoleCookie: string,
  now: () => number = Date.now,
): ServicePort {
  let closed = false;
  return {
    url: server.url,
    dataDir,
    consoleCookie,
    createLoginToken: () => server.services.sessions.createLoginToken(),
    createSession: () => server.services.sessions.createSession(),
    isSessionValid: (token) => server.services.sessions.isValid(token),
    close: async () => {
      // Stopped from the moment closing begins: HTTP and the watcher are going down.
      closed = true;
      await server.close();
    },
    status: () => serviceStateOf(closed, server.app.runtime?.current()?.watcher.status() ?? null, now()),
    onEvent: (listener) => server.services.bus.onCommitted(listener),
    onBackupOutcome: (listener) => server.backups?.onOutcome(listener) ?? (() => undefined),
  };
}
