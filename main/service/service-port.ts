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
}

/** Structural, so only main/index.ts imports server/ while tests can adapt a real RunningServer. */
export interface RunningServerLike {
  url: string;
  services: { sessions: { createLoginToken(): Promise<string>; createSession(): Promise<string>; isValid(token: string): Promise<boolean> } };
  close(): Promise<void>;
}

export function toServicePort(server: RunningServerLike, dataDir: string, consoleCookie: string): ServicePort {
  return {
    url: server.url,
    dataDir,
    consoleCookie,
    createLoginToken: () => server.services.sessions.createLoginToken(),
    createSession: () => server.services.sessions.createSession(),
    isSessionValid: (token) => server.services.sessions.isValid(token),
    close: () => server.close(),
  };
}
