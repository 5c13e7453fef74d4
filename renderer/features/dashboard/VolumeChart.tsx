import { useState } from 'react';
import { ASSETS, type AssetCode } from '../../../contract/asset';
import type { DailyVolume } from '../../../contract/console';
import { formatAssetAmount } from '../../lib/format';
import { niceTop, shareOf, tickLabel, unitsOf } from './chart-scale';

const W = 640;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** Paid volume in one asset per day: bars in SVG, hand-rolled, with a text table for screen readers. */
export function VolumeChart({ series, asset }: { series: DailyVolume[]; asset: AssetCode }) {
  const [hover, setHover] = useState<number | null>(null);
  const values = series.map((b) => unitsOf(b.volume, asset));
  const max = niceTop(
    values.reduce((a, b) => (b > a ? b : a), 0n),
    asset,
  );
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, series.length);
  const barW = Math.max(4, slot * 0.62);
  const y = (v: bigint) => PAD.top + innerH - shareOf(v, max) * innerH;
  const ticks = [0n, 1n, 2n, 3n, 4n].map((quarter) => (max * quarter) / 4n);
  const active = hover === null ? null : series[hover];
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={`Paid volume in ${ASSETS[asset].name} per day, last 14 days`}
        onMouseLeave={() => setHover(null)}
      >
        {ticks.map((t) => (
          <g key={t.toString()}>
            <line className="chart-grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="chart-label" x={PAD.left - 8} y={y(t) + 4} textAnchor="end">
              {tickLabel(t, asset)}
            </text>
          </g>
        ))}
        {series.map((b, i) => {
          const v = values[i] ?? 0n;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={b.date} onMouseEnter={() => setHover(i)}>
              <rect className="chart-hit" x={PAD.left + i * slot} y={PAD.top} width={slot} height={innerH} />
              <rect
                className={`chart-bar${hover === i ? ' is-active' : ''}`}
                x={x}
                y={y(v)}
                width={barW}
                height={Math.max(v > 0n ? 2 : 0, PAD.top + innerH - y(v))}
                rx={3}
              />
              {i % 2 === series.length % 2 ? null : (
                <text className="chart-label" x={x + barW / 2} y={H - 8} textAnchor="middle">
                  {b.date.slice(5).replace('-', '/')}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="chart-caption" aria-live="polite">
        {active
          ? `${active.date}: ${formatAssetAmount(active.volume, asset)} in ${active.count} payment${active.count === 1 ? '' : 's'}`
          : 'Hover a bar for the day’s figures'}
      </figcaption>
      <table className="sr-only">
        <caption>Paid volume in {ASSETS[asset].name} per day</caption>
        <tbody>
          {series.map((b) => (
            <tr key={b.date}>
              <th scope="row">{b.date}</th>
              <td>{formatAssetAmount(b.volume, asset)}</td>
              <td>{b.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
