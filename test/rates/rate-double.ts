// A loopback stand-in for one rate source (tonapi, CoinGecko, the ECB): serves the recorded responses
// under test/fixtures/rates/ (test/fixtures/rates/SOURCES.md says where each shape was found).
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const fixture = (name: string): string => readFileSync(join(__dirname, '../fixtures/rates', name), 'utf8');

/** What the double answers: a fixture with a status, or nothing at all (a source that hangs). */
export type Reply = { status: number; file: string; headers?: Record<string, string> } | 'hang';

export interface RateDouble {
  baseUrl: string;
  /** the requests it has seen, path and query */
  requests: URL[];
  /** every later request gets this (or what the function picks for its URL) */
  reply(next: Reply | ((url: URL) => Reply)): void;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = { json: 'application/json', xml: 'text/xml', html: 'text/html' };

export async function startRateDouble(first: Reply | ((url: URL) => Reply)): Promise<RateDouble> {
  let pick = first;
  const requests: URL[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://double');
    requests.push(url);
    const current = typeof pick === 'function' ? pick(url) : pick;
    if (current === 'hang') {
      hanging.add(res);
      return;
    }
    const type = TYPES[current.file.split('.').pop() ?? ''] ?? 'text/plain';
    res.writeHead(current.status, { 'content-type': type, ...current.headers });
    res.end(fixture(current.file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    reply: (next) => {
      pick = next;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const ok = (file: string): Reply => ({ status: 200, file });
