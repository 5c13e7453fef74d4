import type pg from 'pg';
import type { StoredEvent } from '../records';

/** How far behind the log the relay reads at once. */
const PAGE = 500;
/** Events this instance announced itself are remembered until the relay reads past them; beyond this many, it reads. */
const LOCAL_BACKLOG = 1_000;
const RECONNECT_MS = 1_000;

export interface EventRelayOptions {
  /** a dedicated connection: LISTEN holds it for as long as the relay runs */
  connect: () => pg.Client;
  instanceId: string;
  /** the event log: what committed after `seq`, oldest first, and its newest seq */
  after(seq: number, limit: number): Promise<StoredEvent[]>;
  lastSeq(): Promise<number>;
  /** hands an event another instance committed to this instance's bus (live streams, the dispatcher, caches) */
  publish(event: StoredEvent): void;
  log?: { warn(fields: Record<string, unknown>, message: string): void };
}

/**
 * Live updates across instances. Every transaction that records an event also NOTIFYs
 * `tontill_events` (delivered on commit only, see pg-events.ts); each instance LISTENs, and on a
 * notification from another instance reads the event log past the last event it has seen and
 * publishes what it did not announce itself. The log, not the notification, carries the events: a
 * relay that was disconnected reads everything it missed when it reconnects, and event seqs are
 * allocated in commit order (pg-events.ts), so reading "after the last one seen" skips nothing.
 */
export class PgEventRelay {
  private client: pg.Client | null = null;
  private lastSeen = 0;
  private readonly announcedHere = new Set<number>();
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private running = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(private readonly options: EventRelayOptions) {}

  async start(): Promise<void> {
    this.running = true;
    this.lastSeen = await this.options.lastSeq();
    await this.listen();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.retry) clearTimeout(this.retry);
    await this.reading;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** An event this instance committed and announced itself: the relay will not announce it again. */
  announcedLocally(event: StoredEvent): void {
    if (event.seq <= this.lastSeen) return;
    this.announcedHere.add(event.seq);
    if (this.announcedHere.size > LOCAL_BACKLOG) this.catchUp();
  }

  /** Resolves once everything committed so far has been read (tests, shutdown). */
  async caughtUp(): Promise<void> {
    this.catchUp();
    while (this.reading) await this.reading;
  }

  private async listen(): Promise<void> {
    const client = this.options.connect();
    client.on('notification', (message) => {
      if (message.payload !== this.options.instanceId) this.catchUp();
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    this.client = client;
    try {
      await client.connect();
      await client.query('LISTEN tontill_events');
    } catch (err) {
      this.options.log?.warn({ err }, 'live updates from other instances paused: cannot LISTEN; retrying');
      this.reconnect(client);
      return;
    }
    // whatever committed while not listening
    this.catchUp();
  }

  private reconnect(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    void client.end().catch(() => undefined);
    if (!this.running) return;
    this.retry = setTimeout(() => {
      void this.listen();
    }, RECONNECT_MS);
  }

  private catchUp(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readPastLastSeen()
      .catch((err: unknown) =>
        this.options.log?.warn({ err }, 'live updates from other instances: reading the event log failed'),
      )
      .finally(() => {
        this.reading = null;
        if (this.readAgain && this.running) {
          this.readAgain = false;
          this.catchUp();
        }
      });
  }

  private async readPastLastSeen(): Promise<void> {
    for (;;) {
      const events = await this.options.after(this.lastSeen, PAGE);
      for (const event of events) {
        this.lastSeen = event.seq;
        if (!this.announcedHere.delete(event.seq)) this.options.publish(event);
      }
      if (events.length < PAGE) return;
    }
  }
}
