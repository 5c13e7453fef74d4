import { formatFigure } from '../../lib/format';

/** One figure of the close: its name, how many, and its amount (an exact string from the server). */
export function Line({
  figure,
  label,
  count,
  total,
  sign = '',
  tone,
  countLabel = 'Payments',
  format = formatFigure,
}: {
  figure: string;
  /** what the count is, said beside it where the table folds into rows (a phone) */
  countLabel?: string;
  label: string;
  count: number | null;
  total: string;
  sign?: string;
  tone?: 'sum' | 'net' | 'sub';
  /** how the amount is written: an asset's figure by default; a fiat price keeps its own digits (500 JPY) */
  format?: (total: string) => string;
}) {
  return (
    <tr className={tone ? `close-day-line-${tone}` : undefined} data-figure={figure}>
      <th scope="row">{label}</th>
      <td className="num close-day-count" data-label={countLabel}>
        {count ?? ''}
      </td>
      <td className="num close-day-amount">
        {sign}
        {format(total)}
      </td>
    </tr>
  );
}
