import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { serviceFile } from '../../server/index';
import { runCli } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { startTestServer, type TestServer } from '../helpers/test-server';

let server: TestServer | null = null;
const dirs: Array<{ remove(): void }> = [];
afterEach(async () => {
  await server?.close();
  server = null;
  for (const dir of dirs.splice(0)) dir.remove();
});

describe('CLIs work for the whole life of the service', () => {
  it('`npm run keys -- create` still works 13 hours after the service started', async () => {
    const dir = tempDir();
    dirs.push(dir);
    server = await startTestServer({ dataDir: dir.path });
    server.clock.advance(13 * 3600_000);
    const created = await runCli('keys', ['create', '--name', 'late', '--data-dir', dir.path]);
    expect(created.out).toMatch(/Created API key \w+ \(late\)/);
    expect(created.code).toBe(0);
    const key = created.out.trim().split('\n').at(-1)!;
    expect(await server.services.apiKeys.verify(key)).not.toBeNull();
  });

  it('says what is wrong when the service refuses the CLI credential', async () => {
    const dir = tempDir();
    dirs.push(dir);
    server = await startTestServer({ dataDir: dir.path });
    writeFileSync(
      serviceFile(dir.path),
      JSON.stringify({ url: server.url, pid: process.pid, consoleToken: 'not-the-token' }),
    );
    const listed = await runCli('keys', ['list', '--data-dir', dir.path]);
    expect(listed.code).toBe(1);
    expect(listed.out).toContain('refused the CLI credential in service.json');
    expect(listed.out).not.toContain('Cannot read properties');
  });

  it('says the service has stopped when service.json names one that no longer answers', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(serviceFile(dir.path), JSON.stringify({ url: 'http://127.0.0.1:9', pid: 999999, consoleToken: 'x' }));
    const simulated = await runCli('simulate', ['pay', 'pay_x', '--data-dir', dir.path]);
    expect(simulated.code).toBe(1);
    expect(simulated.out).toContain('does not answer: it has stopped or crashed');
    // keys needs no service: with none answering it works on the ledger itself, as its owner
    const created = await runCli('keys', ['create', '--data-dir', dir.path]);
    expect(created.code).toBe(0);
  });
});
