import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { cliArgs } from '../helpers/service-process';
import { tempDir } from '../helpers/test-app';
import { arrivalOrderByPayment, Receiver, waitUntil } from './receiver';

const ROOT = join(import.meta.dirname, '../..');
const READY = /TonTill is running on the sandbox chain at (http:\/\/127\.0\.0\.1:\d+)/;

interface Service {
  child: ChildProcess;
  url: string;
  pid: number;
  consoleToken: string;
  exited: Promise<void>;
}

/** Starts the real service as a child process and waits for its ready line and service.json. */
async function startService(dataDir: string): Promise<Service> {
  const child = spawn(process.execPath, cliArgs('serve', ['--data-dir', dataDir, '--port', '0']), {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start: ${stderr}`)), 60_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const match = READY.exec(line);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${stderr}`)));
  });
  const file = join(dataDir, 'service.json');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const info = JSON.parse(readFileSync(file, 'utf8')) as { url: string; pid: number; consoleToken: string };
  expect(info.url).toBe(url);
  return { child, url, pid: info.pid, consoleToken: info.consoleToken, exited };
}

async function call(
  service: Service,
  method: string,
  path: string,
  auth: Record<string, string>,
  body?: unknown,
): Promise<ReturnType<typeof JSON.parse>> {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

describe('webhooks survive a crash', () => {
  const dir = tempDir('tontill-crash-');
  const started: Service[] = [];
  let receiver: Receiver | null = null;
  afterAll(async () => {
    for (const s of started)
      if (s.child.exitCode === null && s.child.signalCode === null) {
        process.kill(s.pid, 'SIGKILL');
        await s.exited;
      }
    await receiver?.stop();
    dir.remove();
  });

  it('SIGKILL with deliveries pending, restart, receiver up: every event arrives, in order per payment', async () => {
    receiver = await Receiver.start();
    await receiver.stop(); // the receiver is down; its port is known
    const first = await startService(dir.path);
    started.push(first);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      cliArgs('keys', ['create', '--data-dir', dir.path]),
      { cwd: ROOT },
    );
    const apiKey = stdout.trim().split('\n').at(-1)!;
    const console1 = { authorization: `Bearer ${first.consoleToken}` };
    const merchant = { 'x-api-key': apiKey };

    const { endpoint } = await call(first, 'POST', '/console/api/webhooks/endpoints', console1, {
      url: receiver.url(),
      events: ['*'],
    });
    const paymentIds: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const p = await call(first, 'POST', '/crypto/deposit/invoice', merchant, {
        currency: 'USDT',
        amount: `${i + 1}.00`,
        externalId: `crash-${i}`,
      });
      paymentIds.push(p.id as string);
      if (i % 2 === 0) await call(first, 'POST', `/crypto/payment/${p.id}/cancel`, merchant);
    }
    await waitUntil(async () => {
      const { items } = await call(first, 'GET', '/console/api/webhooks/endpoints', console1);
      return items[0].status === 'failing';
    }, 'the endpoint to be marked failing');
    const pending = await call(first, 'GET', '/console/api/webhooks/deliveries?status=pending&limit=200', console1);
    expect(pending.items).toHaveLength(12);

    process.kill(first.pid, 'SIGKILL');
    await first.exited;

    const second = await startService(dir.path);
    started.push(second);
    const console2 = { authorization: `Bearer ${second.consoleToken}` };
    await receiver.listen();
    // A 2xx from a failing endpoint retries its backlog at once rather than after each backoff.
    await call(second, 'POST', `/console/api/webhooks/endpoints/${endpoint.id}/test`, console2);
    const expected = new Map<string, string[]>();
    for (const id of paymentIds) {
      const { items } = await call(
        second,
        'GET',
        `/console/api/webhooks/deliveries?paymentId=${id}&limit=200`,
        console2,
      );
      expected.set(id, (items as Array<{ eventId: string }>).map((d) => d.eventId).reverse());
    }
    const allIds = [...expected.values()].flat();
    expect(allIds).toHaveLength(12);
    await waitUntil(
      () => allIds.every((id) => receiver!.received.some((r) => r.event.id === id)),
      'every event to arrive',
      60_000,
    );

    const order = arrivalOrderByPayment(receiver.received);
    for (const [id, events] of expected) expect(order.get(id)).toEqual(events);
    for (const r of receiver.received) {
      expect(r.headers['tontill-event-id']).toBe(r.event.id);
      if (r.event.type !== 'webhook.test') expect(allIds).toContain(r.event.id);
    }
    await waitUntil(
      async () =>
        (await call(second, 'GET', '/console/api/webhooks/deliveries?status=pending', console2)).items.length === 0,
      'no pending deliveries',
    );

    process.kill(second.pid, 'SIGTERM');
    await second.exited;
  }, 180_000);
});
