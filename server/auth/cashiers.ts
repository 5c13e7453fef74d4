import { invalidInput, notFound } from '../domain/errors';
import type { CashierRecord } from '../storage/access-repositories';
import type { Storage, UnitOfWork } from '../storage/storage-port';
import type { Clock } from '../util/clock';
import { newId } from '../util/ids';
import { hashPassphrase, passphraseMatches, type StoredPassphrase } from './console-passphrase';
import type { ConsoleSessions } from './console-sessions';

export type { CashierRecord };

/**
 * The owner's cashiers: each signs in with a one-time link the owner hands over, or with a
 * passphrase the owner set (a salted scrypt hash, as the owner's). Revoking one ends their sessions
 * and unused links in the same unit of work. Every change is in the audit log, never a passphrase.
 */
export class CashierStore {
  constructor(
    private readonly storage: Storage,
    private readonly sessions: ConsoleSessions,
    private readonly clock: Clock,
  ) {}

  list(): Promise<CashierRecord[]> {
    return this.storage.read((view) => view.cashiers.list());
  }

  /** Adds a cashier and makes their first one-time sign-in token. */
  async create(
    name: string,
    passphrase: string | null,
    actor: string,
  ): Promise<{ cashier: CashierRecord; loginToken: string }> {
    const hash = await this.hashOf(passphrase);
    return this.storage.write(async (uow) => {
      const now = this.clock.now();
      const cashier: CashierRecord = {
        id: newId('csh', now),
        name,
        hasPassphrase: hash !== null,
        createdAt: now,
        lastSignInAt: null,
        revokedAt: null,
      };
      if (!(await uow.cashiers.insert(cashier, hash)))
        throw invalidInput('name', 'a cashier with this name already exists');
      const loginToken = await this.sessions.createCashierLoginToken(uow, cashier.id);
      await this.audit(uow, actor, 'cashier.create', cashier.id, { name, passphrase: hash !== null });
      return { cashier, loginToken };
    });
  }

  /** A new one-time sign-in token for a live cashier. */
  newLoginToken(id: string, actor: string): Promise<string> {
    return this.storage.write(async (uow) => {
      const cashier = await this.live(uow, id);
      const token = await this.sessions.createCashierLoginToken(uow, id);
      await this.audit(uow, actor, 'cashier.link', id, { name: cashier.name });
      return token;
    });
  }

  /** Sets (or with null removes) a cashier's passphrase; their sessions stay. */
  async setPassphrase(id: string, passphrase: string | null, actor: string): Promise<CashierRecord> {
    const hash = await this.hashOf(passphrase);
    return this.storage.write(async (uow) => {
      const cashier = await this.live(uow, id);
      await uow.cashiers.setPassphrase(id, hash);
      await this.audit(uow, actor, hash ? 'cashier.passphrase_set' : 'cashier.passphrase_remove', id, {
        name: cashier.name,
      });
      return { ...cashier, hasPassphrase: hash !== null };
    });
  }

  /** Revokes a cashier: their sessions and unused links end at once. */
  revoke(id: string, actor: string): Promise<void> {
    return this.storage.write(async (uow) => {
      const cashier = await this.live(uow, id);
      await uow.cashiers.revoke(id, this.clock.now());
      await uow.sessions.deleteForCashier(id);
      await this.audit(uow, actor, 'cashier.revoke', id, { name: cashier.name });
    });
  }

  /** A session token when `name` is a live cashier with this passphrase; a miss costs the same scrypt as a hit. */
  async signIn(name: string, passphrase: string): Promise<string | null> {
    const found = await this.storage.read((view) => view.cashiers.passphraseByName(name.trim()));
    const stored = found ? (JSON.parse(found.passphraseHash) as StoredPassphrase) : null;
    const matches = await passphraseMatches(stored, passphrase);
    if (!found || !matches) return null;
    return this.storage.write((uow) => this.sessions.startCashierSession(uow, found.id));
  }

  /** Whether the sign-in page should offer its passphrase form to cashiers. */
  anyPassphrase(): Promise<boolean> {
    return this.storage.read((view) => view.cashiers.anyPassphrase());
  }

  private async hashOf(passphrase: string | null): Promise<string | null> {
    return passphrase === null ? null : JSON.stringify(await hashPassphrase(passphrase, this.clock.now()));
  }

  private async live(uow: UnitOfWork, id: string): Promise<CashierRecord> {
    const cashier = await uow.cashiers.findLive(id);
    if (!cashier) throw notFound(`active cashier ${id}`);
    return cashier;
  }

  private audit(
    uow: UnitOfWork,
    actor: string,
    action: string,
    target: string,
    detail: Record<string, unknown>,
  ): Promise<void> {
    return uow.audit.append({ at: this.clock.now(), actor, action, target, detail });
  }
}
