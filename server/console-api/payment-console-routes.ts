import type { AssetCode } from '../../contract/asset';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import type { z } from 'zod';
import { formatAmount, parseAmount } from '../../contract/amount';
import { isAssetPriced } from '../../contract/price-schemas';
import { parseFiatPrice } from '../payments/fiat-pricing';
import { errors } from '../http/responses';
import { addRoute } from '../http/route';
import {
  ConsolePaymentsQuerySchema as ConsolePaymentsQuery,
  CreateInvoiceBodySchema,
  PaymentDetailSchema,
  PaymentRowPageSchema,
  type PaymentRowView,
} from '../../contract/console';
import { PaymentIdParamsSchema, PaymentSchema } from '../../contract/payments';
import { searchedAmounts, type ConsolePaymentFilter, type ConsoleQueries } from './console-queries';

const TAGS = ['Console: payments'];
const EXPORT_BATCH = 1_000;

type ListQuery = z.output<typeof ConsolePaymentsQuery>;

const filterOf = (q: ListQuery, limit: number): ConsolePaymentFilter => ({
  status: q.status,
  createdFrom: q.createdFrom,
  createdTo: q.createdTo,
  search: q.q || undefined,
  currency: q.currency,
  searchAmounts: searchedAmounts(q.q),
  realOnly: !q.includeTest,
  beforeSeq: q.cursor === undefined ? undefined : Number(q.cursor),
  limit,
});

/** A value that a spreadsheet will not run as a formula, quoted for CSV. */
export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

// New columns go last, so a sheet built on an older export still finds its columns where they were.
const CSV_COLUMNS = [
  'id',
  'status',
  'kind',
  'amount',
  'paidAmount',
  'externalId',
  'memo',
  'description',
  'late',
  'createdAt',
  'paidAt',
  'expiresAt',
  'refundedAmount',
  'netAmount',
] as const;
/** An amount formatAmount wrote, back in base units of its asset: the one such string parseAmount refuses is zero. */
const baseUnitsOf = (amount: string, asset: AssetCode): bigint => {
  const parsed = parseAmount(amount, 2n ** 62n, asset);
  return parsed.ok ? parsed.value : 0n;
};
/** A tip in the price's smallest unit: base units of an asset, minor units of a fiat currency (cents). */
const tipUnitsOf = (tip: string, currency: string): bigint =>
  isAssetPriced(currency) ? baseUnitsOf(tip, currency) : parseFiatPrice(tip, currency, 'tip');
/** What the payment leaves with the merchant: paid less refunded, in bigint so no float rounds it. */
const netAmount = (p: PaymentRowView): string =>
  formatAmount(baseUnitsOf(p.paidAmount, p.currency) - baseUnitsOf(p.refundedAmount, p.currency), p.currency);
/**
 * With test payments included, a column says which rows are one; without, every row is real. The
 * asset comes after `test` (which came before it), and the price after both, so older sheets find theirs in place.
 */
const csvColumns = (includeTest: boolean) => [
  ...CSV_COLUMNS,
  ...(includeTest ? ['test' as const] : []),
  'currency' as const,
  ...PRICE_COLUMNS,
];
/** The price (3.40 EUR), the rate the asset asked was locked at, and what a payment inside the tolerance lacks. */
const PRICE_COLUMNS = ['price', 'priceCurrency', 'rate', 'shortfall'] as const;
type CsvColumn = ReturnType<typeof csvColumns>[number];
const csvCellOf = (p: PaymentRowView, c: CsvColumn): string | null => {
  if (c === 'late' || c === 'test') return String(p[c]);
  if (c === 'netAmount') return netAmount(p);
  if (c === 'price') return p.price.amount;
  if (c === 'priceCurrency') return p.price.currency;
  return p[c];
};
const csvLine = (p: PaymentRowView, columns: readonly CsvColumn[]): string =>
  `${columns.map((c) => csvCell(csvCellOf(p, c))).join(',')}\r\n`;

/** Keyset batches, not one long cursor: the connection is free between batches and memory stays flat. */
async function* csvRows(queries: ConsoleQueries, q: ListQuery): AsyncGenerator<string> {
  const columns = csvColumns(q.includeTest);
  yield `${columns.join(',')}\r\n`;
  let filter = filterOf(q, EXPORT_BATCH);
  for (;;) {
    const rows = await queries.listPayments(filter);
    if (rows.length > 0) yield rows.map((p) => csvLine(p, columns)).join('');
    if (rows.length < EXPORT_BATCH) return;
    filter = { ...filter, beforeSeq: rows[rows.length - 1]!.seq };
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export async function paymentConsoleRoutes(app: FastifyInstance, opts: { queries: ConsoleQueries }): Promise<void> {
  const { queries } = opts;
  const { payments } = app.services;

  addRoute(app, {
    method: 'GET',
    url: '/payments',
    operationId: 'listConsolePayments',
    tags: TAGS,
    auth: 'staff',
    summary: 'Payments, newest first, filtered and searched; keyset pages',
    query: ConsolePaymentsQuery,
    responses: { 200: { description: 'A page', schema: PaymentRowPageSchema } },
    handler: async ({ query }) => {
      const rows = await queries.listPayments(filterOf(query, query.limit + 1));
      const page = rows.slice(0, query.limit);
      return { items: page, nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.seq) : null };
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/payments/export.csv',
    operationId: 'exportPaymentsCsv',
    tags: TAGS,
    auth: 'console',
    summary: 'The filtered payments as CSV, streamed',
    query: ConsolePaymentsQuery.omit({ limit: true, cursor: true }),
    responses: { 200: { description: 'text/csv' } },
    handler: ({ query }, _request, reply) => {
      const name = `tontill-payments-${new Date(app.services.clock.now()).toISOString().slice(0, 10)}.csv`;
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${name}"`);
      return reply.send(Readable.from(csvRows(queries, { ...query, limit: EXPORT_BATCH, cursor: undefined })));
    },
  });

  addRoute(app, {
    method: 'GET',
    url: '/payments/:paymentId',
    operationId: 'getConsolePayment',
    tags: TAGS,
    auth: 'staff',
    summary: 'One payment with its event timeline and credited transfers',
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'The payment', schema: PaymentDetailSchema }, ...errors(404) },
    handler: async ({ params }) => {
      const record = await payments.get(params.paymentId);
      const payment = await payments.present(record);
      const events = (await payments.timeline(params.paymentId)).map((e) => {
        // payment events carry the payment; an inbox decision carries the transfer and the merchant's note
        const data = e.data as { status?: string; paidAmount?: string; note?: string } | null;
        const decision = e.type.startsWith('transfer.');
        return {
          id: e.id,
          type: e.type,
          createdAt: new Date(e.createdAt).toISOString(),
          status: decision ? null : (data?.status ?? null),
          paidAmount: decision ? null : (data?.paidAmount ?? null),
          note: decision ? (data?.note ?? null) : null,
        };
      });
      return {
        payment,
        test: record.test,
        ...(record.tip > 0n ? { tipAmount: formatAmount(record.tip, record.currency) } : {}),
        events,
      };
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/payments',
    operationId: 'createConsoleInvoice',
    tags: TAGS,
    auth: 'staff',
    summary: 'Create an invoice from the console (externalId makes it idempotent)',
    body: CreateInvoiceBodySchema,
    responses: { 200: { description: 'The invoice', schema: PaymentSchema }, ...errors(409) },
    handler: async ({ body: { tip, ...request } }) => {
      const tipped = tip === undefined ? {} : { tip: tipUnitsOf(tip, request.currency) };
      return (await payments.create('invoice', { mainCurrency: 'TON', ...request }, tipped)).view;
    },
  });

  addRoute(app, {
    method: 'POST',
    url: '/payments/:paymentId/cancel',
    operationId: 'cancelConsolePayment',
    tags: TAGS,
    auth: 'console',
    summary: 'Cancel a pending payment',
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'The cancelled payment', schema: PaymentSchema }, ...errors(404, 409) },
    handler: async ({ params }) => payments.present(await payments.cancel(params.paymentId)),
  });
}
