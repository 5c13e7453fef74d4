import type { PaymentFilter, PaymentSearch } from '../ledger-repositories';
import type { Payment } from '../records';
import { fromRow, inAsset, PAYMENT_COLUMNS, REAL_ONLY, type PaymentRow } from './sqlite-payment-row';
import type { PaymentSearchIndex } from './sqlite-payment-search';
import type { StatementCache } from './statement-cache';

type Params = Record<string, string | number>;

/**
 * The search box: any part of the id, memo, order reference, description or customer email, in any
 * case (lower() folds ASCII, which every generated id and memo is). From 3 characters the trigram index
 * of migration 014 answers; shorter text is a scan newest first that stops at `limit` matches.
 */
const TRIGRAM = 3;
/** the short-text scan (fewer characters than a trigram) */
const SEARCH_TEXT = `(instr(lower(id), @needle) > 0 OR instr(lower(memo), @needle) > 0
  OR instr(lower(ifnull(external_id, '')), @needle) > 0 OR instr(lower(ifnull(description, '')), @needle) > 0
  OR instr(lower(ifnull(json_extract(customer_json, '$.email'), '')), @needle) > 0)`;

const beforeClause = (filter: PaymentSearch, seq: string): string[] =>
  filter.beforeSeq === undefined ? [] : [`${seq} < @before`];
const before = (filter: PaymentSearch): Params => (filter.beforeSeq === undefined ? {} : { before: filter.beforeSeq });

/** Two newest-first lists (the text's matches and the amount's) as one, each payment once. */
function newestOf(a: Payment[], b: Payment[], limit: number): Payment[] {
  const bySeq = new Map([...a, ...b].map((p) => [p.seq, p]));
  return [...bySeq.values()].sort((x, y) => y.seq - x.seq).slice(0, limit);
}

/** The payments list and the search box: a WHERE built from the filters given, newest first. */
export class PaymentListQueries {
  constructor(
    /** a handful of shapes, each prepared once */
    private readonly byShape: StatementCache,
    private readonly searchIndex: PaymentSearchIndex,
  ) {}

  list(filter: PaymentFilter): Payment[] {
    const where: string[] = [];
    const params: Params = { limit: filter.limit };
    if (filter.status) {
      where.push('status = @status');
      params.status = filter.status;
    }
    if (filter.externalId) {
      where.push('external_id = @externalId');
      params.externalId = filter.externalId;
    }
    if (filter.createdFrom !== undefined) {
      where.push('created_at >= @createdFrom');
      params.createdFrom = filter.createdFrom;
    }
    if (filter.createdTo !== undefined) {
      where.push('created_at < @createdTo');
      params.createdTo = filter.createdTo;
    }
    if (filter.beforeSeq !== undefined) {
      where.push('seq < @beforeSeq');
      params.beforeSeq = filter.beforeSeq;
    }
    return this.newestFirst(where, params);
  }

  search(filter: PaymentSearch): Payment[] {
    const where: string[] = [];
    const params: Params = { limit: filter.limit };
    if (filter.status) {
      where.push('status = @status');
      params.status = filter.status;
    }
    // Unary + keeps SQLite walking seq (or status, seq) newest first and stopping at `limit`, instead of
    // collecting a whole date range from the created_at index and sorting it (700 ms at 1M rows).
    if (filter.createdFrom !== undefined) {
      where.push('+created_at >= @from');
      params.from = filter.createdFrom;
    }
    if (filter.createdTo !== undefined) {
      where.push('+created_at < @to');
      params.to = filter.createdTo;
    }
    // a filter on the rows the walk down seq finds: test payments are few, so it stops about as soon
    if (filter.realOnly) where.push(REAL_ONLY);
    if (filter.currency) where.push(inAsset(filter.currency));
    const search = filter.search?.trim();
    if (!search) {
      return this.newestFirst([...where, ...beforeClause(filter, 'seq')], { ...params, ...before(filter) });
    }
    const text =
      [...search].length < TRIGRAM
        ? this.newestFirst([...where, SEARCH_TEXT, ...beforeClause(filter, 'seq')], {
            ...params,
            ...before(filter),
            needle: search.toLowerCase(),
          })
        : this.byText(where, { ...params, ...before(filter) }, filter, search);
    const amounts = (filter.searchAmounts ?? []).filter((a) => !filter.currency || a.currency === filter.currency);
    if (amounts.length === 0) return text;
    // each asset's amount in its own decimals: "1.5" is 1500000 micro-USDT and 1500000000 nanotons
    const matches = amounts.map(({ currency, amount }) => `(${inAsset(currency)} AND amount = ${amount.toString()})`);
    const amount = this.newestFirst([...where, `(${matches.join(' OR ')})`, ...beforeClause(filter, 'seq')], {
      ...params,
      ...before(filter),
    });
    return newestOf(text, amount, filter.limit);
  }

  /** Through the trigram index, newest first: FTS5 walks its rowids (the payments' seq) down and stops at `limit`. */
  private byText(where: string[], params: Params, filter: PaymentSearch, search: string): Payment[] {
    // a read may write here: reads run between batches, and the index is derived from committed rows
    this.searchIndex.catchUp();
    const clause = ['payment_search MATCH @phrase', ...where, ...beforeClause(filter, 'payment_search.rowid')].join(
      ' AND ',
    );
    const stmt = this.byShape.get<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payment_search JOIN payments ON payments.seq = payment_search.rowid
      WHERE ${clause} ORDER BY payment_search.rowid DESC LIMIT @limit`,
    );
    // one FTS5 phrase: the text as typed, its double quotes doubled
    const phrase = `"${search.toLowerCase().replaceAll('"', '""')}"`;
    return stmt
      .raw(true)
      .all({ ...params, phrase })
      .map(fromRow);
  }

  private newestFirst(where: string[], params: Params): Payment[] {
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const stmt = this.byShape.get<PaymentRow>(
      `SELECT ${PAYMENT_COLUMNS} FROM payments ${clause} ORDER BY seq DESC LIMIT @limit`,
    );
    return stmt.raw(true).all(params).map(fromRow);
  }
}
