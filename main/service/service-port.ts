/** What main needs from the running service. main/index.ts adapts startServer's result to it. */
export interface ServicePort {
  url: string;
  dataDir: string;
  createSession(): Promise<string>;
  isSessionValid(token: string): Promise<boolean>;
  /** stops HTTP, the watcher and the dispatcher, and checkpoints the database */
  close(): Promise<void>;
}

/** Structural, so only main/index.ts imports server/ while tests can adapt a real RunningServer. */
export interface RunningServerLike {
  url: string;
  services: { sessions: { createSession(): Promise<string>; isValid(token: string): Promise<boolean> } };
  close(): Promise<void>;
}

export function toServicePort(server: RunningServerLike, dataDir: string): ServicePort {
  return {
    url: server.url,
    dataDir,
    createSession: () => server.services.sessions.createSession(),
    isSessionValid: (token) => server.services.sessions.isValid(token),
    close: () => server.close(),
  };
}
