/**
 * The differences between the two ladders that are meant, each with its reason, in the words
 * `schemaDrift` reports them. Anything else it reports is drift: a step written for one engine only.
 * An entry that no longer occurs fails the parity test too, so this list cannot outlive its reason.
 */

const SHARED_LEDGER = 'only a database shared by several instances needs it';

const TRANSFERS_BY_POSITION =
  "SQLite 008 keyed transfers by chain position in a WITHOUT ROWID table, so the watcher's inserts " +
  'append instead of writing a random page of a hash index; a PostgreSQL table is not stored in key order, so it keeps ' +
  "tx_hash as the key (crediting exactly once, whichever instance records it) and indexes lt apart; each engine's " +
  'decisions reference its own key';

const PAYMENT_SEARCH =
  "the search box's trigram index (step 014 / 004): SQLite's is an FTS5 table (these are it and its shadow " +
  "tables), PostgreSQL's a pg_trgm GIN index on the same lower-cased text";

export const KNOWN_DIFFERENCES: ReadonlyMap<string, string> = new Map([
  ...['', '_config', '_data', '_docsize', '_idx'].map((part): [string, string] => [
    `table payment_search${part}: only in SQLite`,
    PAYMENT_SEARCH,
  ]),
  ['index payments_search: only in PostgreSQL', PAYMENT_SEARCH],
  [
    'table payment_search_progress: only in SQLite',
    "SQLite 016 fills the FTS5 index after the invoice's transaction, in chunks, and this row says how far; " +
      "PostgreSQL's GIN index keeps its own pending list (fastupdate) and needs no help",
  ],
  [
    'table leases: only in PostgreSQL',
    `${SHARED_LEDGER}: the chain watcher's leader and its fencing epoch (one SQLite process owns its data directory)`,
  ],
  ['table schema_version: only in PostgreSQL', "SQLite keeps the ladder's version in PRAGMA user_version"],
  ['column webhook_deliveries.claimed_by: only in PostgreSQL', `${SHARED_LEDGER}: which instance sends the delivery`],
  [
    'column webhook_deliveries.claimed_until: only in PostgreSQL',
    `${SHARED_LEDGER}: when a dead instance's claim lapses`,
  ],
  ['primary key of transfers: (lt, tx_hash) in SQLite, (tx_hash) in PostgreSQL', TRANSFERS_BY_POSITION],
  ['index transfers_lt: only in PostgreSQL', TRANSFERS_BY_POSITION],
  ['column transfer_decisions.tx_lt: only in SQLite', TRANSFERS_BY_POSITION],
  ['foreign key transfer_decisions (tx_lt, tx_hash) -> transfers (lt, tx_hash): only in SQLite', TRANSFERS_BY_POSITION],
  ['foreign key transfer_decisions (tx_hash) -> transfers (tx_hash): only in PostgreSQL', TRANSFERS_BY_POSITION],
  [
    'index transfers_open_hash: only in SQLite',
    "the inbox finds an open transfer by hash: SQLite's key starts with lt, PostgreSQL's key is tx_hash",
  ],
  [
    'index payments_external_id_prefix: only in PostgreSQL',
    "the search box matches a prefix of externalId byte by byte: SQLite's UNIQUE index is already in " +
      "binary order, PostgreSQL's follows the database's collation and so cannot serve the range",
  ],
  [
    'check payments (paid_amount >= 0): only in PostgreSQL',
    "PostgreSQL's first step added it; SQLite adds a CHECK only by rebuilding payments " +
      '(ALTER TABLE cannot), every row copied, too costly for a ledger of any size; payments start at 0 and crediting only adds',
  ],
  ['check payments (overpaid_amount >= 0): only in PostgreSQL', "as paid_amount's"],
]);

/** What `drift` holds that no entry explains, and the entries it no longer holds. */
export function unexplained(drift: readonly string[]): { drift: string[]; staleExplanations: string[] } {
  return {
    drift: drift.filter((line) => !KNOWN_DIFFERENCES.has(line)),
    staleExplanations: [...KNOWN_DIFFERENCES.keys()].filter((line) => !drift.includes(line)),
  };
}
