import { join } from 'node:path';
import type pg from 'pg';
import { stopService, type ServiceProcess } from '../helpers/service-process';
import { leaderPids, startInstance, type InstanceOptions } from '../postgres/shared-ledger-kit';
import type { Member } from './cluster-api';
import type { Prng } from './prng';

interface Slot {
  name: string;
  service: ServiceProcess | null;
  /** this life ends by our SIGKILL (not by its own crash point) */
  killedByUs: boolean;
  /** its next life, while it starts */
  restart: Promise<void> | null;
}

/** The crash point of the watcher's credit batch, halfway through: where a leader's death hurts most. */
const CREDIT_FAILPOINT = 'credit-batch-midway';

/**
 * N instances of the built service on one PostgreSQL ledger, each on a data directory of its own
 * under `root`. An instance that dies (killed by the run, or by a crash point it was armed with) is
 * started again on its directory at once; some new lives are armed to SIGKILL themselves in the
 * middle of a credit batch, which only the watching instance runs.
 */
export class ChaosCluster {
  kills = 0;
  failpointKills = 0;
  private readonly slots: Slot[];
  private stopping = false;
  private readonly failures: string[] = [];

  constructor(
    private readonly root: string,
    private readonly options: InstanceOptions,
    count: number,
    private readonly arming: Prng,
  ) {
    this.slots = Array.from({ length: count }, (_, i) => ({
      name: `instance-${i + 1}`,
      service: null,
      killedByUs: false,
      restart: null,
    }));
  }

  /** The first instance alone (it migrates an empty database), then the others. */
  async start(): Promise<void> {
    const [first, ...others] = this.slots;
    await this.launch(first!, false);
    await Promise.all(others.map((slot) => this.launch(slot, false)));
  }

  live(): Member[] {
    return this.slots.flatMap((slot) =>
      slot.service && isRunning(slot.service)
        ? [{ url: slot.service.url, consoleToken: slot.service.consoleToken }]
        : [],
    );
  }

  /**
   * SIGKILLs the instance that watches the chain (`watcher`), or the live one at or after `index`;
   * never the last live one, so the client always has somewhere to go. Returns the victim's name.
   */
  async kill(victim: 'watcher' | 'any', index: number, db: pg.Client): Promise<string | null> {
    const alive = this.slots.filter((slot) => slot.service && isRunning(slot.service));
    if (alive.length < 2) return null;
    const leader = victim === 'watcher' ? (await leaderPids(db))[0] : undefined;
    const slot = alive.find((s) => s.service!.child.pid === leader) ?? alive[index % alive.length]!;
    if (!slot.service || !isRunning(slot.service)) return null;
    const service = slot.service;
    slot.killedByUs = true;
    service.child.kill('SIGKILL');
    // once it is gone its restart is under way (died() runs first), so settled() waits for it
    await service.exited;
    return `${slot.name}${service.child.pid === leader ? ' (the watcher)' : ''}`;
  }

  /** Resolves once every instance is up again, with any unexpected death reported. */
  async settled(): Promise<void> {
    while (this.slots.some((slot) => slot.restart)) await Promise.all(this.slots.map((slot) => slot.restart));
    if (this.failures.length > 0) throw new Error(this.failures.join('\n'));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.slots.map((slot) => slot.restart));
    await Promise.all(this.slots.map((slot) => (slot.service ? stopService(slot.service) : undefined)));
  }

  /** Starts one life of `slot`; an armed life may die at its crash point even before it listens. */
  private async launch(slot: Slot, armed: boolean): Promise<void> {
    const env: Record<string, string> = armed
      ? { TONTILL_FAILPOINT: CREDIT_FAILPOINT, TONTILL_FAILPOINT_HIT: String(this.arming.int(1, 3)) }
      : {};
    slot.killedByUs = false;
    try {
      slot.service = await startInstance(join(this.root, slot.name), { ...this.options, env });
    } catch (err) {
      if (!armed || !/exited \(SIGKILL\) before listening/.test((err as Error).message)) throw err;
      this.kills += 1;
      this.failpointKills += 1;
      return this.launch(slot, false);
    }
    const service = slot.service;
    void service.exited.then((how) => this.died(slot, service, how));
  }

  private died(slot: Slot, service: ServiceProcess, how: NodeJS.Signals | number | null): void {
    if (this.stopping) return;
    if (how !== 'SIGKILL')
      this.failures.push(`${slot.name} ended with ${String(how)} before it was killed:\n${service.output()}`);
    this.kills += 1;
    if (!slot.killedByUs) this.failpointKills += 1;
    const restart = this.launch(slot, this.arming.chance(0.3))
      .catch((err: unknown) => {
        this.failures.push(`${slot.name} did not start again: ${(err as Error).message}`);
      })
      .finally(() => {
        if (slot.restart === restart) slot.restart = null;
      });
    slot.restart = restart;
  }
}

const isRunning = (service: ServiceProcess) => service.child.exitCode === null && service.child.signalCode === null;
