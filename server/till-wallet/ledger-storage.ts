import type { IStorage } from '@tonconnect/sdk';
import type { SettingsStore } from '../settings/settings-store';

/** Every key of a till session starts with this and the payment's id. */
export const TILL_SESSION_KEY_PREFIX = 'tonconnect.till.';
/** The SDK reads this key (a bridge's last event id) just as it opens that bridge's stream. */
const GATEWAY_KEY_PREFIX = 'ton-connect-storage_http-bridge-gateway::';

/** Every key of one payment's session. */
export const tillSessionKeyPrefix = (paymentId: string): string => `${TILL_SESSION_KEY_PREFIX}${paymentId}.`;

/**
 * The SDK's storage for one till session, in the ledger's settings under
 * `tonconnect.till.<paymentId>.<sdk key>`, so the session's keys go into a backup with the payment.
 * A key the SDK removes is written as null (reads as absent); the session's end deletes every row.
 *
 * None of its methods rejects: the SDK calls them from its bridge stream's own loop, where a
 * rejection is handled by nobody and would end the process (a ledger closed by a stopping service,
 * or PostgreSQL not answering for a moment). Sessions are never restored (a restart ends them), so a
 * key that could not be read or written costs at most this session, never a payment: the watcher
 * credits whatever the wallet sends.
 */
export class LedgerSessionStorage implements IStorage {
  /** once cleared, a late write from the SDK (a bridge event id) is dropped instead of left behind */
  private cleared = false;
  /** once the session ended, the SDK's late calls leave the ledger alone (it may be closed by then) */
  private closed = false;
  private bridgeOpened!: () => void;
  /** Resolves once the SDK has begun opening a bridge stream: from then on pausing the connection closes it. */
  readonly bridgeOpening = new Promise<void>((resolve) => (this.bridgeOpened = resolve));

  constructor(
    private readonly settings: SettingsStore,
    private readonly paymentId: string,
  ) {}

  private key(name: string): string {
    return `${tillSessionKeyPrefix(this.paymentId)}${name}`;
  }

  async setItem(name: string, value: string): Promise<void> {
    if (this.cleared || this.closed) return;
    await this.settings.set(this.key(name), value).catch(() => undefined);
  }

  async getItem(name: string): Promise<string | null> {
    if (name.startsWith(GATEWAY_KEY_PREFIX)) this.bridgeOpened();
    if (this.closed) return null;
    const value = await this.settings.get<unknown>(this.key(name)).catch(() => null);
    return typeof value === 'string' ? value : null;
  }

  async removeItem(name: string): Promise<void> {
    if (this.cleared || this.closed) return;
    await this.settings.set(this.key(name), null).catch(() => undefined);
  }

  /** The session ended: every row of it leaves the settings table. */
  async clear(): Promise<void> {
    this.cleared = true;
    await this.settings.deleteStartingWith(tillSessionKeyPrefix(this.paymentId));
  }

  /** The session ended (and the service may be stopping): whatever the SDK still calls does nothing. */
  close(): void {
    this.closed = true;
  }
}
