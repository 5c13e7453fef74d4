/**
 * What the sandbox wallet's pages need besides the wallet: the app's manifest, read from the service
 * itself (the sandbox is offline, so only the service's own origins are connected to), and the
 * sandbox accounts it can connect as.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleOriginsOf } from '../auth/console-origin';
import { invalidInput } from '../domain/errors';
import { manifestOf, type AppManifest } from '../sandbox/sandbox-tonconnect-wallet-link';
import type { SandboxAccountName, WalletChain } from '../sandbox/sandbox-tonconnect-wallet';

export interface ManifestLoad {
  app: FastifyInstance;
  chain: () => Promise<WalletChain>;
}

const LABELS: Record<SandboxAccountName, string> = {
  payer: 'Payer: the sandbox customer',
  merchant: "Merchant: the store's own wallet",
};

export const accountLabel = (account: SandboxAccountName): string => LABELS[account];

/** The manifest at `manifestUrl`, when that is one of this service's own addresses; a 400 naming `r` otherwise. */
export async function loadManifest(
  { app }: ManifestLoad,
  request: FastifyRequest,
  manifestUrl: string,
): Promise<AppManifest> {
  const url = new URL(manifestUrl);
  const origins = consoleOriginsOf(request, app.services.config.publicUrl);
  if (!origins.includes(url.origin))
    throw invalidInput('r', `the sandbox wallet connects only to apps on ${origins.join(' or ')}, not ${url.origin}`);
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host } });
  if (res.statusCode !== 200)
    throw invalidInput('r', `the app's manifest ${manifestUrl} could not be read (HTTP ${res.statusCode})`);
  let document: unknown = null;
  try {
    document = res.json();
  } catch {
    /* not JSON: refused below */
  }
  const manifest = manifestOf(document);
  if (!manifest) throw invalidInput('r', `${manifestUrl} is not a TON Connect manifest (url and name)`);
  return manifest;
}

export async function sandboxAccounts({
  chain,
}: ManifestLoad): Promise<{ name: SandboxAccountName; label: string; address: string }[]> {
  const wallets = (await chain()).sandbox.wallets();
  return (['payer', 'merchant'] as const).map((name) => ({
    name,
    label: LABELS[name],
    address: wallets[name].contract.address.toString({ testOnly: true, bounceable: false }),
  }));
}
