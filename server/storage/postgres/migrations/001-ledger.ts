import type { PgMigration } from './index';

/**
 * The ledger as SQLite's ten steps left it, in PostgreSQL's types: money is bigint micro-USDT
 * (CHECKed, never float), time is timestamptz, flags are boolean. JSON stays text: webhook bodies
 * splice `data_json` in byte for byte, and jsonb would reorder its keys.
 *
 * What only a shared database needs: `leases` (the watcher's leader and its fencing epoch) and a
 * claim on each webhook delivery (which instance sends it, until when).
 */
export const ledgerMigration: PgMigration = {
  version: 1,
  name: '001-ledger',
  async up(sql) {
    await sql.exec(`
      CREATE TABLE payments (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        kind text NOT NULL CHECK (kind IN ('hpp', 'address', 'invoice', 'widget')),
        status text NOT NULL CHECK (status IN ('pending', 'partially_paid', 'paid', 'expired', 'cancelled')),
        amount bigint NOT NULL CHECK (amount > 0),
        paid_amount bigint NOT NULL DEFAULT 0 CHECK (paid_amount >= 0),
        overpaid_amount bigint NOT NULL DEFAULT 0 CHECK (overpaid_amount >= 0),
        refunded_amount bigint NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
        currency text NOT NULL,
        main_currency text NOT NULL,
        external_id text UNIQUE,
        request_hash text NOT NULL,
        memo text NOT NULL UNIQUE,
        address text NOT NULL,
        description text,
        customer_json text,
        callback_url text,
        success_url text,
        fail_url text,
        metadata_json text,
        allowed_origins_json text,
        late boolean NOT NULL DEFAULT false,
        expires_at timestamptz NOT NULL,
        paid_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX payments_status_seq ON payments (status, seq);
      CREATE INDEX payments_created_at ON payments (created_at);
      -- the console's search box matches the start of an externalId byte by byte, whatever the collation
      CREATE INDEX payments_external_id_prefix ON payments (external_id COLLATE "C") WHERE external_id IS NOT NULL;
      CREATE INDEX payments_open_expiry ON payments (expires_at) WHERE status IN ('pending', 'partially_paid');
      CREATE INDEX payments_paid_at ON payments (paid_at, paid_amount) WHERE paid_at IS NOT NULL;
      CREATE INDEX payments_due_amount ON payments ((amount - paid_amount), created_at)
        WHERE status IN ('pending', 'partially_paid', 'expired');

      CREATE TABLE payment_events (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        payment_id text REFERENCES payments (id),
        type text NOT NULL,
        data_json text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX payment_events_payment ON payment_events (payment_id, seq);

      CREATE TABLE api_keys (
        id text PRIMARY KEY,
        name text NOT NULL,
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        last_used_at timestamptz,
        revoked_at timestamptz
      );

      CREATE TABLE cashiers (
        id text PRIMARY KEY,
        name text NOT NULL,
        -- the passphrase as console-passphrase.ts stores one (scrypt, salt, parameters, as JSON); never returned
        passphrase_hash text,
        created_at timestamptz NOT NULL,
        last_sign_in_at timestamptz,
        revoked_at timestamptz
      );
      CREATE UNIQUE INDEX cashiers_live_name ON cashiers (lower(name)) WHERE revoked_at IS NULL;

      CREATE TABLE console_sessions (
        token_hash text PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('login_link', 'session')),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        cashier_id text REFERENCES cashiers (id)
      );
      CREATE INDEX console_sessions_cashier ON console_sessions (cashier_id) WHERE cashier_id IS NOT NULL;

      CREATE TABLE settings (
        key text PRIMARY KEY,
        value_json text NOT NULL,
        updated_at timestamptz NOT NULL
      );

      CREATE TABLE watcher_cursor (
        account text PRIMARY KEY,
        lt bigint NOT NULL,
        hash text NOT NULL,
        updated_at timestamptz NOT NULL
      );

      -- Credited exactly once: the transaction hash is the key, whichever instance records it.
      CREATE TABLE transfers (
        tx_hash text PRIMARY KEY,
        lt bigint NOT NULL,
        utime bigint NOT NULL,
        amount bigint NOT NULL CHECK (amount >= 0),
        from_address text,
        comment text,
        payment_id text REFERENCES payments (id),
        status text NOT NULL CHECK (status IN ('credited', 'unmatched', 'dismissed')),
        resolution text,
        created_at timestamptz NOT NULL,
        resolved_at timestamptz
      );
      CREATE INDEX transfers_lt ON transfers (lt);
      CREATE INDEX transfers_payment ON transfers (payment_id, status, lt);
      CREATE INDEX transfers_status ON transfers (status, lt);

      CREATE TABLE transfer_decisions (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        tx_hash text NOT NULL REFERENCES transfers (tx_hash),
        action text NOT NULL CHECK (action IN ('attached', 'dismissed', 'undone')),
        payment_id text REFERENCES payments (id),
        note text NOT NULL,
        actor text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE INDEX transfer_decisions_tx ON transfer_decisions (tx_hash, seq);
      CREATE INDEX transfer_decisions_action ON transfer_decisions (action, seq);

      CREATE TABLE wallet_movements (
        tx_hash text PRIMARY KEY,
        account text NOT NULL,
        lt bigint NOT NULL,
        utime bigint NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sent', 'returned')),
        amount bigint NOT NULL CHECK (amount >= 0),
        counterparty text,
        initiator text,
        comment text,
        -- a uint64 (it can exceed bigint), compared for equality only
        query_id text NOT NULL,
        created_at timestamptz NOT NULL
      );
      CREATE INDEX wallet_movements_lt ON wallet_movements (account, lt);

      CREATE TABLE reconciliations (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        account text NOT NULL,
        at_lt bigint NOT NULL,
        on_chain_balance bigint NOT NULL,
        ledger_balance bigint NOT NULL,
        difference bigint NOT NULL,
        checked_at timestamptz NOT NULL
      );
      CREATE INDEX reconciliations_account ON reconciliations (account, seq);

      CREATE TABLE refunds (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        payment_id text NOT NULL REFERENCES payments (id),
        status text NOT NULL CHECK (status IN ('awaiting_signature', 'sent', 'failed', 'cancelled')),
        amount bigint NOT NULL CHECK (amount > 0),
        destination text NOT NULL,
        memo text NOT NULL UNIQUE,
        reason text,
        tx_hash text,
        query_id text,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE INDEX refunds_payment ON refunds (payment_id, seq);
      CREATE INDEX refunds_sent_query ON refunds (query_id) WHERE status = 'sent';

      CREATE TABLE webhook_endpoints (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        url text NOT NULL,
        events_json text NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        description text,
        secret text NOT NULL,
        previous_secret text,
        previous_secret_expires_at timestamptz,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'failing')),
        consecutive_failures integer NOT NULL DEFAULT 0,
        failing_since timestamptz,
        last_delivery_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        deleted_at timestamptz
      );

      CREATE TABLE webhook_deliveries (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        event_id text NOT NULL REFERENCES payment_events (id),
        event_type text NOT NULL,
        payment_id text,
        endpoint_id text REFERENCES webhook_endpoints (id),
        url text NOT NULL,
        order_key text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        give_up_at timestamptz NOT NULL,
        last_status_code integer,
        last_error text,
        created_at timestamptz NOT NULL,
        delivered_at timestamptz,
        -- Several instances send: the one that claimed a delivery holds it until then. A claim that
        -- outlives its instance (killed mid-send) lapses and another instance sends it again.
        claimed_by text,
        claimed_until timestamptz
      );
      CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, seq) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_order ON webhook_deliveries (order_key, seq) WHERE status = 'pending';
      CREATE INDEX webhook_deliveries_payment ON webhook_deliveries (payment_id, seq);
      CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, seq);
      CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id, seq);
      CREATE INDEX webhook_deliveries_status ON webhook_deliveries (status, seq);

      CREATE TABLE webhook_attempts (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id text NOT NULL UNIQUE,
        delivery_id text NOT NULL REFERENCES webhook_deliveries (id),
        at timestamptz NOT NULL,
        url text NOT NULL,
        request_headers_json text NOT NULL,
        request_body text NOT NULL,
        response_status integer,
        response_body text,
        duration_ms integer NOT NULL,
        error text
      );
      CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, seq);

      CREATE TABLE audit_log (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        actor text NOT NULL,
        action text NOT NULL,
        target text,
        detail_json text
      );

      -- One row per duty only one instance may run (the chain watcher). The holder of the advisory
      -- lock bumps the epoch when it takes over; a write fenced by an older epoch is refused.
      CREATE TABLE leases (
        name text PRIMARY KEY,
        epoch bigint NOT NULL DEFAULT 0,
        holder text,
        acquired_at timestamptz
      );
      INSERT INTO leases (name) VALUES ('watcher');
    `);
  },
};
