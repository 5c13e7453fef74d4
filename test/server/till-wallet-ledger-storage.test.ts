import { afterAll, describe, expect, it } from 'vitest';
import { LedgerSessionStorage, tillSessionKeyPrefix } from '../../server/till-wallet/ledger-storage';
import { startTestServer, type TestServer } from '../helpers/test-server';

/**
 * The TON Connect SDK calls its storage from its bridge stream's own loop, where a rejection is
 * handled by nobody and ends the process: the till session's storage must never reject, also once
 * the service has closed its ledger under a session the SDK still runs.
 */
describe("the till session's storage in the ledger", () => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    for (const s of servers) await s.dispose().catch(() => undefined);
  });

  it('keeps the SDK keys under the payment, and clears them all when the session ends', async () => {
    const s = await startTestServer();
    servers.push(s);
    const storage = new LedgerSessionStorage(s.services.settings, 'pay_kept');
    await storage.setItem('connection', '{"a":1}');
    expect(await storage.getItem('connection')).toBe('{"a":1}');
    expect(await s.services.settings.get(`${tillSessionKeyPrefix('pay_kept')}connection`)).toBe('{"a":1}');
    await storage.clear();
    expect(await storage.getItem('connection')).toBeNull();
    await storage.setItem('connection', 'late');
    expect(await storage.getItem('connection')).toBeNull();
  });

  it('answers absent and drops writes, without rejecting, once the ledger is closed', async () => {
    const s = await startTestServer();
    servers.push(s);
    const storage = new LedgerSessionStorage(s.services.settings, 'pay_cut');
    await storage.setItem('connection', 'kept');
    await s.close();
    await expect(storage.getItem('ton-connect-storage_http-bridge-gateway::x')).resolves.toBeNull();
    await expect(storage.setItem('connection', 'x')).resolves.toBeUndefined();
    await expect(storage.removeItem('connection')).resolves.toBeUndefined();
  });

  it('leaves the ledger alone once the session is closed', async () => {
    const s = await startTestServer();
    servers.push(s);
    const storage = new LedgerSessionStorage(s.services.settings, 'pay_closed');
    await storage.setItem('connection', 'before');
    storage.close();
    expect(await storage.getItem('connection')).toBeNull();
    await storage.setItem('connection', 'after');
    expect(await s.services.settings.get(`${tillSessionKeyPrefix('pay_closed')}connection`)).toBe('before');
  });
});
