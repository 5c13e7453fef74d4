import { useState } from 'react';
import type { DailyVolume } from '../../../contract/console';
import { formatUsdt } from '../../lib/format';

const W = 640;
const H = 200;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };

/** Rounds the axis top to 1, 2 or 5 × 10^n so gridlines read naturally. */
function niceMax(value: number): number {
  if (value <= 0) return 10;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Paid volume per day: bars in SVG, hand-rolled, with a text table for screen readers. */
export function VolumeChart({ series }: { series: DailyVolume[] }) {
  const [hover, setHover] = useState<number | null>(null);
  const values = series.map((b) => Number(b.volume));
  const max = niceMax(Math.max(0, ...values));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, series.length);
  const barW = Math.max(4, slot * 0.62);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const active = hover === null ? null : series[hover];
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label="Paid volume per day, last 14 days"
        onMouseLeave={() => setHover(null)}
      >
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart-grid" x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="chart-label" x={PAD.left - 8} y={y(t) + 4} textAnchor="end">
              {t >= 1000 ? `${t / 1000}k` : t}
            </text>
          </g>
        ))}
        {series.map((b, i) => {
          const v = values[i] ?? 0;
          const x = PAD.left + i * slot + (slot - barW) / 2;
          return (
            <g key={b.date} onMouseEnter={() => setHover(i)}>
              <rect className="chart-hit" x={PAD.left + i * slot} y={PAD.top} width={slot} height={innerH} />
              <rect
                className={`chart-bar${hover === i ? ' is-active' : ''}`}
                x={x}
                y={y(v)}
                width={barW}
                height={Math.max(v > 0 ? 2 : 0, PAD.top + innerH - y(v))}
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
          ? `${active.date}: ${formatUsdt(active.volume)} USDT in ${active.count} payment${active.count === 1 ? '' : 's'}`
          : 'Hover a bar for the day’s figures'}
      </figcaption>
      <table className="sr-only">
        <caption>Paid volume per day</caption>
        <tbody>
          {series.map((b) => (
            <tr key={b.date}>
              <th scope="row">{b.date}</th>
              <td>{b.volume} USDT</td>
              <td>{b.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
