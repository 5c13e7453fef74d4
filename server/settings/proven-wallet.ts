import type { SettingsStore } from './settings-store';

/** The receiving wallet the owner proved with TON Connect (ton_proof), and when. */
export const PROVEN_WALLET_KEY = 'wallet.proven';

export interface ProvenWalletRecord {
  /** raw form, 0:<hex>: compared with the receiving address whatever form that is written in */
  address: string;
  /** epoch milliseconds */
  provenAt: number;
  /** hex: the key the proof was signed with */
  publicKey: string;
  walletName: string | null;
}

function isRecord(value: unknown): value is ProvenWalletRecord {
  const v = value as Partial<ProvenWalletRecord> | null | undefined;
  return typeof v?.address === 'string' && typeof v.provenAt === 'number' && typeof v.publicKey === 'string';
}

export async function readProvenWallet(settings: SettingsStore): Promise<ProvenWalletRecord | null> {
  const value = await settings.get<unknown>(PROVEN_WALLET_KEY);
  return isRecord(value) ? { ...value, walletName: value.walletName ?? null } : null;
}

/** Keeps the proof's outcome with its audit entry (`wallet.proven`, the address and the app), together. */
export function recordProvenWallet(settings: SettingsStore, record: ProvenWalletRecord, actor: string): Promise<void> {
  return settings.setAudited(PROVEN_WALLET_KEY, record, {
    actor,
    action: 'wallet.proven',
    target: record.address,
    detail: { walletName: record.walletName, method: 'TON Connect ton_proof' },
  });
}
