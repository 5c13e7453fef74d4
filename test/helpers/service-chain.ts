import { prepareSandbox } from '../../server/runtime/sandbox-runtime';
import type { SandboxChain } from '../../server/sandbox/sandbox-chain';

/**
 * The sandbox chain of a service's data directory (the service stopped: it owns the file while it
 * runs), opened as the service opens it: a chain not set up yet comes from the seed the service kept.
 */
export async function openServiceChain(dataDir: string): Promise<SandboxChain> {
  const { sandbox } = await (await prepareSandbox(dataDir)).open();
  if (!sandbox) throw new Error(`${dataDir}: no sandbox chain`);
  return sandbox;
}
