import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isLoopbackPortFree, pickConsolePort, readRememberedPort, rememberPort } from '../../main/service/stable-port';
import { tempDir } from '../helpers/test-app';

const listen = (port = 0): Promise<Server> =>
  new Promise((resolve) => {
    const server = createServer();
    server.listen({ host: '127.0.0.1', port }, () => resolve(server));
  });
const portOf = (server: Server): number => (server.address() as { port: number }).port;
const close = (server: Server): Promise<void> => new Promise((resolve) => server.close(() => resolve()));

describe('the desktop console keeps its origin across launches', () => {
  it('takes the remembered port when it is free, any port when it is taken or unknown', async () => {
    expect(await pickConsolePort(47_001, async () => true)).toBe(47_001);
    expect(await pickConsolePort(47_001, async () => false)).toBe(0);
    expect(await pickConsolePort(null, async () => true)).toBe(0);
  });

  it('probes a real loopback port', async () => {
    const taken = await listen();
    const port = portOf(taken);
    expect(await isLoopbackPortFree(port)).toBe(false);
    await close(taken);
    expect(await isLoopbackPortFree(port)).toBe(true);
  });

  it('remembers the port of the URL it listened on, and ignores a damaged or privileged record', async () => {
    const dir = tempDir('tontill-port-');
    try {
      expect(readRememberedPort(dir.path)).toBeNull();
      rememberPort(dir.path, 'http://127.0.0.1:47123');
      expect(readRememberedPort(dir.path)).toBe(47_123);
      rememberPort(dir.path, 'http://127.0.0.1:80');
      expect(readRememberedPort(dir.path)).toBeNull();
    } finally {
      dir.remove();
    }
  });
});
