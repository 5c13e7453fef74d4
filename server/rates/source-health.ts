import type { RateSourceHealth } from '../../contract/rates';
import type { Clock } from '../util/clock';

/** A RateSourceHealth with its times kept in ms: formatted only when the dashboard reads them (every fiat invoice records a success). */
type Row = Omit<RateSourceHealth, 'lastSuccessAt' | 'lastFailureAt'> & {
  lastSuccessAt: number | null;
  lastFailureAt: number | null;
};

/** How each live source last did, for the dashboard: kept in memory, since the service started. */
export class SourceHealthBook {
  private readonly rows: Map<string, Row>;

  constructor(
    names: readonly string[],
    private readonly clock: Clock,
  ) {
    this.rows = new Map(
      names.map((name) => [name, { name, state: 'unused', lastSuccessAt: null, lastFailureAt: null, lastError: null }]),
    );
  }

  succeeded(name: string): void {
    const row = this.rows.get(name);
    if (!row) return;
    row.state = 'ok';
    row.lastSuccessAt = this.clock.now();
  }

  failed(name: string, error: string): void {
    const row = this.rows.get(name);
    if (!row) return;
    row.state = 'failing';
    row.lastFailureAt = this.clock.now();
    row.lastError = error;
  }

  list(): RateSourceHealth[] {
    return [...this.rows.values()].map((row) => ({
      ...row,
      lastSuccessAt: iso(row.lastSuccessAt),
      lastFailureAt: iso(row.lastFailureAt),
    }));
  }
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
