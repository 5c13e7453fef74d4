import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname, '../test/fixtures/rates');

/**
 * tonapi and CoinGecko on loopback, answering with the recorded responses the tests use
 * (test/fixtures/rates/SOURCES.md), CoinGecko's dated now: the bench's fiat invoices take the live
 * path with its cache and sanity check, as a store on mainnet would, without the internet.
 */
export async function startRateDoubles(): Promise<{ rates: object; stop(): Promise<void> }> {
  const tonapi = readFileSync(join(FIXTURES, 'tonapi-rates.json'), 'utf8');
  const coingecko = JSON.parse(readFileSync(join(FIXTURES, 'coingecko-simple-price.json'), 'utf8')) as Record<
    string,
    Record<string, number>
  >;
  const requests = { count: 0 };
  const server: Server = createServer((req, res) => {
    requests.count += 1;
    const now = Math.floor(Date.now() / 1000);
    const body = req.url?.startsWith('/v2/rates')
      ? tonapi
      : JSON.stringify(
          Object.fromEntries(Object.entries(coingecko).map(([id, p]) => [id, { ...p, last_updated_at: now }])),
        );
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    rates: {
      useSandboxTable: false,
      sources: [
        { name: 'tonapi', baseUrl: base },
        { name: 'coingecko', baseUrl: base },
      ],
      ecbUrl: null,
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
