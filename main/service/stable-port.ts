import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The console's origin is http://127.0.0.1:<port>, and the browser keys its storage (theme, hidden
 * checklist, language) by origin. A new port each launch would forget them, so the app listens on
 * the port of its last launch when that port is free, and on any free port otherwise.
 */
export async function pickConsolePort(
  remembered: number | null,
  isFree: (port: number) => Promise<boolean>,
): Promise<number> {
  if (remembered !== null && (await isFree(remembered))) return remembered;
  return 0;
}

/** True when nothing listens on 127.0.0.1:port right now. */
export function isLoopbackPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ host: '127.0.0.1', port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

const portFile = (dataDir: string): string => join(dataDir, 'desktop-port.json');

export function readRememberedPort(dataDir: string): number | null {
  try {
    const { port } = JSON.parse(readFileSync(portFile(dataDir), 'utf8')) as { port?: unknown };
    return Number.isInteger(port) && (port as number) > 1023 && (port as number) < 65536 ? (port as number) : null;
  } catch {
    return null;
  }
}

export function rememberPort(dataDir: string, url: string): void {
  writeFileSync(portFile(dataDir), `${JSON.stringify({ port: Number(new URL(url).port) })}\n`, { mode: 0o600 });
}
