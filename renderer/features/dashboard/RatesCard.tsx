import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RatesHealth, RateSourceHealth } from '../../../contract/rates';
import { useInterval } from '../../hooks/useInterval';
import { formatDateTime } from '../../lib/format';
import { useConsoleStore } from '../../store';
import { selectPricingActions, selectRatesHealth } from '../pricing/slice';

/** How often the card asks again: a source failing shows within this, and asking costs one in-memory read. */
const REFRESH_MS = 30_000;

const ORIGIN_WORDS: Record<RatesHealth['origin'], { headline: string; detail: string }> = {
  sandbox: { headline: 'Sandbox table', detail: "fiat prices convert at the sandbox's fixed rates, not the market" },
  manual: { headline: 'Your own table', detail: 'fiat prices convert at the rates set in Settings → Pricing' },
  live: { headline: 'Live rates', detail: 'fiat prices convert at rates the sources below agree on' },
};

/** The health line: a failing live source or a recent refusal is news; a table that needs no source is not. */
function toneOf(health: RatesHealth): 'ok' | 'warn' | 'bad' {
  if (health.origin !== 'live') return 'ok';
  const states = health.sources.map((s) => s.state);
  if (states.length > 0 && states.every((s) => s === 'failing')) return 'bad';
  return states.includes('failing') || health.lastRefusal ? 'warn' : 'ok';
}

function SourceLine({ source }: { source: RateSourceHealth }) {
  const tone = source.state === 'ok' ? 'ok' : source.state === 'failing' ? 'bad' : 'muted';
  return (
    <li className="rate-source" data-testid={`rate-source-${source.name}`}>
      <span className={`health-${tone}`}>
        <span className="dot" aria-hidden="true" /> {source.name}: {source.state}
      </span>
      <span className="muted small">
        {' '}
        · last success {source.lastSuccessAt ? formatDateTime(source.lastSuccessAt) : 'never'}
        {source.lastFailureAt ? ` · last error ${formatDateTime(source.lastFailureAt)}: ${source.lastError ?? ''}` : ''}
      </span>
    </li>
  );
}

/** Where fiat prices get their rates, beside the watcher: the table or the live sources, and the last refusal. */
export function RatesCard() {
  const health = useConsoleStore(selectRatesHealth);
  const { loadRatesHealth } = useConsoleStore(useShallow(selectPricingActions));
  useEffect(() => {
    void loadRatesHealth();
  }, [loadRatesHealth]);
  useInterval(() => void loadRatesHealth(), REFRESH_MS);
  if (!health) return null;
  const words = ORIGIN_WORDS[health.origin];
  return (
    <section className="card" aria-labelledby="rates-title" data-testid="rates-card">
      <h2 id="rates-title">Exchange rates</h2>
      <p className={`health health-${toneOf(health)}`} data-testid="rates-health" role="status">
        <span className="dot" aria-hidden="true" />
        <span>
          {words.headline} <span className="health-detail">— {words.detail}</span>
        </span>
      </p>
      {health.sources.length > 0 ? (
        <ul className="rate-sources">
          {health.sources.map((s) => (
            <SourceLine key={s.name} source={s} />
          ))}
        </ul>
      ) : null}
      <p className="muted small" data-testid="rates-refusal">
        {health.lastRefusal
          ? `Last refused a fiat price ${formatDateTime(health.lastRefusal.at)}: ${health.lastRefusal.reason}`
          : 'No fiat price refused since the service started.'}
      </p>
    </section>
  );
}
