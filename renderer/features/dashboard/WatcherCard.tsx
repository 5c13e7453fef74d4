import { useState } from 'react';
import { Skeleton } from '../../components/Empty';
import { CopyButton } from '../../components/CopyButton';
import { useInterval } from '../../hooks/useInterval';
import { describeWatcher } from '../chain/describe-watcher';
import { useConsoleStore } from '../../store';
import { selectStandsBy } from '../backups/slice';
import { selectWatcher } from './slice';
import './dashboard.css';

/** An address with what it is and a way to copy it: two look alike, and only one is where customers pay. */
function Address({ label, hint, address }: { label: string; hint: string; address: string | undefined }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {address ? (
          <span className="address-line">
            <code className="wrap" title={hint}>
              {address}
            </code>
            <CopyButton text={address} />
            <span className="muted small address-hint">{hint}</span>
          </span>
        ) : (
          '—'
        )}
      </dd>
    </>
  );
}

export function WatcherCard() {
  const watcher = useConsoleStore(selectWatcher);
  // the words say "3 s ago": they follow the clock between two loads of the status
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), 1_000);
  const standby = useConsoleStore(selectStandsBy);
  if (!watcher)
    return (
      <section className="card">
        <h2>Chain watcher</h2>
        <Skeleton lines={4} />
      </section>
    );
  const words = describeWatcher(watcher, now, { standby });
  return (
    <section className="card" aria-labelledby="watcher-title">
      <h2 id="watcher-title">Chain watcher</h2>
      <p className={`health health-${words.tone}`} data-testid="watcher-health" role="status" aria-live="polite">
        <span className="dot" aria-hidden="true" />
        <span>
          {words.headline} <span className="health-detail">— {words.detail}</span>
        </span>
      </p>
      <dl className="facts">
        <dt>Mode</dt>
        <dd>
          <span className={`mode mode-${watcher.mode}`}>{watcher.mode}</span>
        </dd>
        <Address
          label="Store wallet"
          hint="Where customers pay: the address on every payment page"
          address={watcher.merchantAddress}
        />
        <Address
          label="USDT wallet (watched)"
          hint="The store wallet's USDT jetton wallet: the watcher reads payments arriving here"
          address={watcher.watchedAccount}
        />
      </dl>
    </section>
  );
}
