import type { RateSourceHealth } from '../../contract/rates';
import type { Clock } from '../util/clock';

/** How each live source last did, for the dashboard: kept in memory, since the service started. */
export class SourceHealthBook {
  private readonly rows: Map<string, RateSourceHealth>;

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
    if (row) Object.assign(row, { state: 'ok', lastSuccessAt: this.isoNow() });
  }

  failed(name: string, error: string): void {
    const row = this.rows.get(name);
    if (row) Object.assign(row, { state: 'failing', lastFailureAt: this.isoNow(), lastError: error });
  }

  list(): RateSourceHealth[] {
    return [...this.rows.values()].map((row) => ({ ...row }));
  }

  private isoNow(): string {
    return new Date(this.clock.now()).toISOString();
  }
}
