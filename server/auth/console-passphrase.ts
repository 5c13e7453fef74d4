import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { SettingsStore } from '../settings/settings-store';
import type { Clock } from '../util/clock';

const SETTING = 'console_passphrase';

/** What is stored: the parameters travel with the hash, so stronger ones later still verify old hashes. */
export interface StoredPassphrase {
  algorithm: 'scrypt';
  N: number;
  r: number;
  p: number;
  salt: string;
  hash: string;
  updatedAt: number;
}

// N = 2^15 costs ~32 MiB and tens of milliseconds: cheap for one sign-in, dear for guessing.
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(passphrase: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(passphrase.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** A passphrase as stored: a fresh salt, the scrypt hash and its parameters; never the passphrase. */
export async function hashPassphrase(passphrase: string, now: number): Promise<StoredPassphrase> {
  const salt = randomBytes(16);
  const hash = await derive(passphrase, salt, PARAMS);
  return {
    algorithm: 'scrypt',
    ...PARAMS,
    salt: salt.toString('base64'),
    hash: hash.toString('base64'),
    updatedAt: now,
  };
}

// Checked when there is nothing to check against (no such cashier), so the answer takes as long as a real check.
const NOTHING_STORED: StoredPassphrase = {
  algorithm: 'scrypt',
  ...PARAMS,
  salt: 'AAAAAAAAAAAAAAAAAAAAAA==',
  hash: '',
  updatedAt: 0,
};

/** True only when something is stored and the presented passphrase is it (compared in constant time). */
export async function passphraseMatches(stored: StoredPassphrase | null, presented: string): Promise<boolean> {
  const against = stored ?? NOTHING_STORED;
  const expected = Buffer.from(against.hash, 'base64');
  const actual = await derive(presented, Buffer.from(against.salt, 'base64'), against);
  return stored !== null && actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The owner's optional sign-in passphrase for the console, for browsers that never saw a login link.
 * Kept as a salted scrypt hash in the settings (a backup carries it); nothing returns the hash.
 */
export class ConsolePassphrase {
  constructor(
    private readonly settings: SettingsStore,
    private readonly clock: Clock,
  ) {}

  async status(): Promise<{ isSet: boolean; updatedAt: number | null }> {
    const stored = await this.settings.get<StoredPassphrase | null>(SETTING);
    return { isSet: Boolean(stored), updatedAt: stored?.updatedAt ?? null };
  }

  /** `actor` is who changed it, for the audit log (which never sees the passphrase or its hash). */
  async set(passphrase: string, actor?: string): Promise<void> {
    await this.settings.set(SETTING, await hashPassphrase(passphrase, this.clock.now()), actor);
  }

  remove(actor?: string): Promise<void> {
    return this.settings.set(SETTING, null, actor);
  }

  /** True only when a passphrase is set and this is it (compared in constant time). */
  async verify(passphrase: string): Promise<boolean> {
    const stored = await this.settings.get<StoredPassphrase | null>(SETTING);
    return stored ? passphraseMatches(stored, passphrase) : false;
  }
}
