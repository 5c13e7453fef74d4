// Generated from the service's /openapi.json by `npm run gen:client` (openapi-typescript). Do not edit.

export interface paths {
    "/bridge/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A client's bridge messages as Server-Sent Events (sandbox mode)
         * @description One `message` event (`id:`, `data: {"from","message"}`) per message to any of the comma-separated `client_id`s; with `last_event_id`, only those after it. A `heartbeat` event now and then.
         */
        get: operations["sandboxBridgeEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bridge/message": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a message for another bridge client (sandbox mode)
         * @description The body is the base64 message, kept until `ttl` seconds pass.
         */
        post: operations["sandboxBridgeMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List API keys (never their secrets) */
        get: operations["listApiKeys"];
        put?: never;
        /** Create an API key; the secret is shown only in this response */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/api-keys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API key */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who did what (refunds, transfer decisions, settings, keys, webhooks, restores, cashiers), newest first */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/backup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a consistent copy of the ledger (SQLite online backup) */
        get: operations["downloadBackup"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The backup settings, the last outcome and the backups in the folder */
        get: operations["getBackups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/backups/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage one of the listed backups to be restored at the next start (checked like an upload) */
        post: operations["restoreFromBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/backups/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Back up now (the same online backup and rotation as the daily one) */
        post: operations["runBackup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/backups/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose the backup folder and how many automatic backups to keep (1–365) */
        put: operations["saveBackupSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/cashiers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cashiers, newest first, revoked ones included (never a passphrase) */
        get: operations["listCashiers"];
        put?: never;
        /** Add a cashier (optionally with a passphrase); answers their first one-time sign-in link */
        post: operations["createCashier"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/cashiers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a cashier: their sessions and unused sign-in links end at once */
        delete: operations["revokeCashier"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/cashiers/{id}/login-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new one-time sign-in link for a cashier (valid 15 minutes) */
        post: operations["createCashierLoginLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/cashiers/{id}/passphrase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set or (with null) remove a cashier's passphrase (stored as a salted scrypt hash) */
        put: operations["setCashierPassphrase"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/catalogue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The till's item catalogue and the currency it is priced in (empty until the merchant adds items) */
        get: operations["getCatalogue"];
        /** Replace the till's item catalogue; without a currency it is priced in the store's currency */
        put: operations["updateCatalogue"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/chain/outgoing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the store's wallet sent or got back, newest first, with the refund each one was
         * @description A send whose `refund` is null is explained by no refund: a withdrawal, or a refund sent with another amount, comment or recipient. Empty until the chain has opened.
         */
        get: operations["listOutgoingTransfers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/chain/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Check the ledger against the chain now, for USDT or (asset=TON) Toncoin
         * @description USDT: reads the jetton wallet's balance (get_wallet_data) and newest transaction together, lets the watcher catch up to it, and compares. TON: reads the store wallet's history again and compares the Toncoin payments it received with the Toncoin transfers the ledger recorded; its own sends and fees are listed in `explained`, never counted. A new difference is announced once as `ledger.discrepancy`, with its `asset`.
         */
        get: operations["reconcileWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every committed store event as Server-Sent Events, for the console screens
         * @description A `ready` frame, then one `change` frame per event (`id:` is its seq). Reconnecting with `Last-Event-ID` or `?after=` replays what was missed, or sends `resync` when too much was.
         */
        get: operations["streamConsoleEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the ledger lives (SQLite, or PostgreSQL shared by instances), what the console can offer on it (backups, a shared ledger), this instance's id and whether it watches the chain */
        get: operations["getLedgerInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/login-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a one-time console login link (valid 15 minutes); `npm run console -- link` prints it */
        post: operations["createConsoleLoginLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this console session */
        post: operations["consoleLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/passphrase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a sign-in passphrase is set (never the passphrase or its hash) */
        get: operations["getConsolePassphrase"];
        /** Set or change the sign-in passphrase (stored as a salted scrypt hash); a change takes the current one */
        put: operations["setConsolePassphrase"];
        post?: never;
        /** Remove the sign-in passphrase (takes the current one): only login links sign in afterwards */
        delete: operations["removeConsolePassphrase"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Payments, newest first, filtered and searched; keyset pages */
        get: operations["listConsolePayments"];
        put?: never;
        /** Create an invoice from the console (externalId makes it idempotent) */
        post: operations["createConsoleInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One payment with its event timeline and credited transfers */
        get: operations["getConsolePayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending payment */
        post: operations["cancelConsolePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}/refund-rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Today's rate of a fiat-priced payment's price currency for the asset it was paid in
         * @description What a refund stated in the price currency at today's rate (basis current) would convert at now.
         */
        post: operations["consoleRefundRate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The refunds of a payment, oldest first */
        get: operations["consoleListRefunds"];
        put?: never;
        /** Ask for a refund; the merchant's wallet app sends it from its QR code */
        post: operations["consoleCreateRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}/refunds/{refundId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a refund the wallet has not sent */
        post: operations["consoleCancelRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}/refunds/{refundId}/wallet-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * TON Connect: the request that sends a waiting refund from the store's connected wallet
         * @description The complete sendTransaction request, in the asset the payment was paid in: for USDT one jetton transfer from the store's USDT jetton wallet, for Toncoin one transfer from the store's wallet to the destination; the memo as its comment.
         */
        post: operations["consoleRefundWalletRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/{paymentId}/wallet-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the payment's wallet session stands: waiting for a wallet, connected, awaiting approval, approved… */
        get: operations["getTillWalletSession"];
        put?: never;
        /** Pay with wallet at the till: starts (or returns the running) TON Connect session for this payment; show its link as a QR */
        post: operations["startTillWalletSession"];
        /** Ends the wallet session (the wallet is disconnected); the payment itself stays as it is */
        delete: operations["endTillWalletSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/payments/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The filtered payments as CSV, streamed */
        get: operations["exportPaymentsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/rates/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where fiat prices get their rates now, each live source's last success and error, the last refusal */
        get: operations["getRatesHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/reports/close-day": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The daily close: one day in the store's time zone (default today), or a range of days, counts and totals by outcome, and the net takings */
        get: operations["getCloseDayReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/reports/close-day.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The daily close as CSV: one row per figure (store, date, timeZone, figure, count, amount) */
        get: operations["exportCloseDayCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a backup (application/octet-stream); it is checked, staged as <dataDir>/restore.db and applied at the next start. Until then the service accepts no change (503 RESTORE_PENDING).
         * @description Refused with a 400 unless its schema is exactly the one TonTill builds at its version, it is intact, and a scratch copy opens and migrates. With an `x-tontill-sha256` header (what the download sent), its bytes must match that SHA-256.
         */
        post: operations["stageRestore"];
        /** Cancel a staged restore */
        delete: operations["cancelRestore"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who is logged in: the owner or a cashier */
        get: operations["getConsoleSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Running and saved settings (chain changes apply at the next start), embedding origins, data folder */
        get: operations["getSettings"];
        /** Save settings: embedding origins apply now; chain, payment windows and accepted assets go to <dataDir>/config.json and apply at restart */
        put: operations["updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/allowed-origins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Allow one origin to embed the checkout (the one-click approval of a refused origin); applies at once */
        post: operations["allowEmbeddingOrigin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's currency, short-payment tolerance, rate source, manual rate table and sanity thresholds */
        get: operations["getPricingSettings"];
        /** Replace the pricing settings; new payments use them at once, existing ones keep what they locked */
        put: operations["updatePricingSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/refused-origins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Dismiss a refused origin without allowing it (it is listed again if it tries again) */
        delete: operations["dismissRefusedOrigin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/restart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restart to apply: re-opens the chain and its watcher with the saved settings, in place; HTTP keeps serving and nothing in flight is lost */
        post: operations["restartRuntime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's name, contact and logo URL, as the checkout shows them */
        get: operations["getStoreProfile"];
        /** Save the store's name and contact (e-mail or https URL); the checkout shows them at once */
        put: operations["updateStoreProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/store/logo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Upload the store logo: a PNG or JPEG of at most 64 KB, base64 (never SVG) */
        put: operations["uploadStoreLogo"];
        post?: never;
        /** Remove the store logo */
        delete: operations["removeStoreLogo"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's time zone (where the daily close's days begin and end) and the machine's */
        get: operations["getTimeZone"];
        /** Set the store's time zone (an IANA name such as Europe/Berlin); applies at once */
        put: operations["updateTimeZone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/tips": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tips at the till: whether the till asks for one, and its percent buttons */
        get: operations["getTipSettings"];
        /** Turn tips at the till on or off and set up to three percent buttons; applies at once */
        put: operations["updateTipSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/settings/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check settings without saving; lists every problem */
        post: operations["validateSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/simulator/pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: send a real emulated transfer (or an attack) to a payment and report what the service concluded */
        post: operations["simulatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/simulator/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: the merchant's wallet sends a refund (exactly, short, or with the wrong memo), as its wallet app would */
        post: operations["simulateRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/simulator/tonconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The sandbox wallet opens a TON Connect universal link, connects and approves every request (sandbox mode) */
        post: operations["simulateTonConnectWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/simulator/withdraw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only: the merchant's wallet sends USDT elsewhere (as its wallet app would) */
        post: operations["simulateWithdrawal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Paid volume today and this week (the merchant's local days), counts by status and paid volume per day */
        get: operations["getStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/transfers/{txHash}/attach": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Credit an unmatched transfer to a payment */
        post: operations["attachTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/transfers/{txHash}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dismiss an unmatched transfer with a reason (kept in the history; undoable) */
        post: operations["dismissTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/transfers/{txHash}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a dismissal: the transfer is back in the inbox */
        post: operations["restoreTransfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/transfers/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Decisions on unmatched transfers (attached, dismissed, undone), newest first */
        get: operations["listTransferDecisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/transfers/unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Transfers whose memo matched no payment, each with the payments it likely belongs to
         * @description Suggestions: open or recently expired payments whose due amount equals the transfer, nearest in time first. `q` matches an amount, the comment or memo, the sender, or a suggested payment's customer email.
         */
        get: operations["listUnmatchedTransfers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/wallet-proof": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The receiving wallet proven with TON Connect, when, and whether payments go to it now */
        get: operations["getProvenWallet"];
        put?: never;
        /** Set the receiving wallet from a TON Connect connection: the ton_proof is verified (signature against the wallet's key, domain, 15-minute window, one-time payload) */
        post: operations["proveReceivingWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/wallet-proof/payload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-time ton_proof payload (32 random bytes, hex) for connecting the receiving wallet; expires in 15 minutes */
        post: operations["createWalletProofPayload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/watcher": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Chain mode and the watcher status (last poll, lag, errors) */
        get: operations["getWatcherStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/callback-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store-wide secret signing per-payment callbackUrl deliveries */
        get: operations["getCallbackSecret"];
        put?: never;
        /** Roll the callback secret; the old one keeps signing beside it for graceHours (default 24) */
        post: operations["rotateCallbackSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One delivery with every attempt, as sent and as answered */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Retry a delivery now while it waits for a retry; once finished, queue a new delivery of its event */
        post: operations["redeliverDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhook endpoints (never their secrets) */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /** Add an endpoint; its signing secret is shown only here */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an endpoint; its pending deliveries stop */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /** Change an endpoint */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/console/api/webhooks/endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Roll the signing secret; the old one keeps signing beside it for graceHours (default 24) */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to this endpoint */
        post: operations["sendTestWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/webhooks/events/{eventId}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send an event again (same event id, new deliveries) */
        post: operations["redeliverEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/api/widget-preview/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox and testnet only: a fresh widget payment signed for this service's origin, valid 10 minutes */
        post: operations["createWidgetPreviewSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Redeem a one-time login link (sets the console session cookie), or show the sign-in page
         * @description Without a token: the passphrase form when one is set, and how to get a new link. A used or expired token: the same page, 401.
         */
        get: operations["consoleLogin"];
        put?: never;
        /** Sign in with the owner's passphrase, or a cashier's name and passphrase (the sign-in page's form) */
        post: operations["consolePassphraseLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/deposit/invoice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an invoice with its payment links */
        post: operations["createInvoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/deposit/receiving-address": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a deposit and get where and how to pay
         * @description For your own payment screen: the wallet `address`, the `memo` the transfer must carry, `amount` and `amountBaseUnits`, the `links.ton` transfer link and `expiresAt`.
         */
        post: operations["createReceivingAddress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/payment/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a payment record */
        get: operations["getPayment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/payment/{paymentId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending payment (one that has received nothing yet) */
        post: operations["cancelPayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/payment/{paymentId}/refunds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the refunds of a payment, oldest first */
        get: operations["listRefunds"];
        put?: never;
        /**
         * Ask for a refund, to be sent from your own wallet
         * @description Open `links.ton` (or its QR code) with the wallet app that owns the store's wallet: it sends exactly `amount` to `destination` with `memo` as the comment. The watcher sees it leave and the refund turns `sent` (`refund.sent`). The refunds of a payment never add up to more than was paid.
         */
        post: operations["createRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/payment/{paymentId}/refunds/{refundId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a refund that has not been sent yet */
        post: operations["cancelRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/payments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List payments, newest first
         * @description Pass `nextCursor` back as `cursor` for the next page; it is `null` on the last one.
         */
        get: operations["listPayments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the store-wide webhook endpoints (never their secrets) */
        get: operations["listStoreWebhookEndpoints"];
        put?: never;
        /**
         * Add a store-wide endpoint; its signing secret is in this answer only
         * @description It receives the event types in `events` (`"*"`: all) for every payment, signed with its own secret (`TonTill-Signature`).
         */
        post: operations["addStoreWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/crypto/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an endpoint; deliveries still waiting for it stop */
        delete: operations["removeStoreWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The service answers (for load balancers and probes; not rate limited) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoice/deposit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a deposit paid on the hosted payment page
         * @description Redirect the customer to `url`: the hosted page shows the amount, QR code and wallet links, and returns the customer to `successUrl` once paid.
         */
        post: operations["createHostedDeposit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoice/widgets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a payment session for the embedded page
         * @description Creates (or reuses, by `externalId`) a payment and signs it for the embedded page: put `signature` on the widget container. Call from your backend only; it needs your API key.
         */
        post: operations["createWidgetSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/invoice/widgets/sandbox-signature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a short-lived signature for manual tests
         * @description A payment session whose signature lives 10 minutes, for trying the embedded page by hand. Refused on mainnet.
         */
        get: operations["getSandboxSignature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The hosted payment page (`url` of POST /invoice/deposit): redirect the customer here */
        get: operations["showPaymentPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}/currency": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose which quoted asset pays a fiat-priced payment: its amount, address links and wallet request follow. 400 for an asset it is not quoted in (or an asset-priced payment), 409 once part of it arrived in the other asset or it is closed. */
        post: operations["chooseCheckoutCurrency"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The checkout's status as Server-Sent Events: a `status` frame now, and one at every change
         * @description Each frame's data is what `GET /pay/{paymentId}/status` answers. Too many open streams: 429, poll that instead.
         */
        get: operations["streamPaymentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}/receipt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The receipt of a paid payment, printable; public like the payment page */
        get: operations["showReceipt"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}/sandbox-pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only (404 otherwise): pay what is due from the sandbox test wallet with a real emulated transfer. */
        post: operations["payInSandbox"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the checkout page shows: amount due, wallet address, memo, links, expiry and status. No customer data. */
        get: operations["getCheckoutStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pay/{paymentId}/wallet-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** TON Connect: the complete sendTransaction request that pays what is still due from the connected wallet, in the payment's asset (USDT: a jetton transfer from the payer's own jetton wallet; TON: a plain transfer to the store's wallet), the memo as its comment. */
        post: operations["createWalletTransferRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tonconnect-manifest.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** TON Connect's app manifest: the store's name and icon as wallets show them before connecting. */
        get: operations["getTonConnectManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widgets/embed-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Called by the widget from the merchant page: whether that page (its Origin) may embed the checkout of this signature. */
        get: operations["checkEmbedding"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widgets/tontill-widget-{version}.tgz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The @tontill/widget npm package (npm pack tarball): `npm install <this URL>` until it is on the registry */
        get: operations["downloadWidgetPackage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widgets/versions.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every widget build this service serves, with its Subresource Integrity hash, for pinning */
        get: operations["listWidgetVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "ledger.discrepancy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * ledger.discrepancy
         * @description The ledger and the jetton wallet's balance on chain differ by a new amount.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onLedgerDiscrepancy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.asset_chosen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.asset_chosen
         * @description A payment priced in a fiat currency now asks another accepted asset's locked quote (`currency`, `amount`): the customer chose it, or its first transfer came in it. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentAssetChosen"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.cancelled
         * @description The payment was cancelled. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.created
         * @description A payment was created. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.credited_after_close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.credited_after_close
         * @description Money arrived for a cancelled payment, or an expired one past its monitoring window: refund it. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentCreditedAfterClose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.expired
         * @description The payment expired unpaid. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.late": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.late
         * @description The amount was completed after expiry, inside the monitoring window (sent with `payment.paid`; `late: true`). A fiat price is credited at the quote it locked, whatever the rate did since. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentLate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.late_partially_paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.late_partially_paid
         * @description Money arrived after expiry, inside the monitoring window, without completing the amount. `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentLatePartiallyPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.overpaid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.overpaid
         * @description More than the amount arrived (`overpaidAmount`, in the asset paid: `currency`). `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentOverpaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.paid
         * @description The amount is fully paid, or paid short by no more than the store's tolerance (`tolerance.shortfall` says by how much). `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.partially_paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.partially_paid
         * @description A transfer paid part of the amount, short by more than the store's tolerance (`dueAmount` is what is left, in `currency`). `data` is the payment as `GET /crypto/payment/{paymentId}` returns it then.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onPaymentPartiallyPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.cancelled
         * @description The refund was cancelled before it was sent.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onRefundCancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.created
         * @description A refund was asked for.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onRefundCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.failed
         * @description The refund bounced back to the store's wallet.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onRefundFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "refund.sent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * refund.sent
         * @description The refund left the store's wallet.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onRefundSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.attached": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.attached
         * @description The merchant attached an unmatched transfer to a payment.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onTransferAttached"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.dismissed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.dismissed
         * @description The merchant set an unmatched transfer aside.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onTransferDismissed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.restored": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.restored
         * @description The merchant undid a dismissal: the transfer is back in the inbox.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onTransferRestored"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "transfer.unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * transfer.unmatched
         * @description A transfer arrived that matches no payment.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onTransferUnmatched"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "watcher.degraded": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * watcher.degraded
         * @description The chain data provider failed and the watcher switched to the next one.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onWatcherDegraded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "watcher.recovered": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * watcher.recovered
         * @description The primary chain data provider is back.
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onWatcherRecovered"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test
         * @description Sent from the console's "Send test event".
         *
         *     POSTed to each store-wide endpoint subscribed to this type (its own secret signs it) and to the payment's `callbackUrl`, if any (the store's callback secret signs it). Verify the signature against the raw body. Delivered at least once, in order per payment.
         */
        post: operations["onWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ApiKey: {
            /** Format: date-time */
            createdAt: string;
            id: string;
            lastUsedAt: string | null;
            name: string;
            prefix: string;
            revokedAt: string | null;
        };
        AssetTakings: {
            /** @description Of the taken in, what overpayments brought beyond the amounts asked */
            beyondAmount: string;
            /** @enum {string} */
            currency: "USDT" | "TON";
            netTakings: string;
            refunded: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description paid + overpaid + partially paid, as in the close */
            takenIn: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Of the taken in, the tips given at the till on payments completed in the span: how many, and their sum */
            tips: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
        };
        AssetVolume: {
            /** @enum {string} */
            currency: "USDT" | "TON";
            series: {
                count: number;
                /** @description Local date, YYYY-MM-DD */
                date: string;
                volume: string;
            }[];
            today: {
                count: number;
                volume: string;
            };
            week: {
                count: number;
                volume: string;
            };
        };
        CallbackSecret: {
            previousSecretExpiresAt: string | null;
            /** Format: date-time */
            rotatedAt: string;
            secret: string;
        };
        Catalogue: {
            /**
             * @description What the prices are in: an asset (USDT, TON) or an ISO 4217 code; the till sells the cart in it
             * @default USDT
             * @example USDT
             */
            currency: string;
            items: components["schemas"]["CatalogueItem"][];
        };
        CatalogueItem: {
            id: string;
            name: string;
            /**
             * @description Decimal price in the catalogue's currency, up to its decimals
             * @example 10.00
             */
            price: string;
        };
        /** @enum {string} */
        ChainMode: "sandbox" | "testnet" | "mainnet";
        ChainSettings: {
            hasToncenterApiKey: boolean;
            jettonMaster: string;
            merchantAddress: string;
            mode: components["schemas"]["ChainMode"];
            toncenterEndpoint: string;
        };
        CheckoutStatus: {
            address: string;
            amount: string;
            /** @description What the page calls the asset where it says what to send: "USDT", "Toncoin (Gram)" */
            assetName: string;
            /** @description Written next to every amount: "1.50 TON", "12.50 USDT" */
            assetSymbol: string;
            /** @description For a fiat price, one locked quote per accepted asset, the one asked first; the customer may switch (POST /pay/{paymentId}/currency) until something arrives. Empty otherwise */
            choices: {
                /** @description What the whole price comes to in this asset */
                amount: string;
                assetName: string;
                assetSymbol: string;
                /** @enum {string} */
                currency: "USDT" | "TON";
                /** @description The price's currency per one whole unit of the asset ("0.92") */
                rate: string;
                /** @description Where the rate came from; "sandbox": the fixed test table, not the market */
                source: string;
            }[];
            /** @enum {string} */
            currency: "USDT" | "TON";
            description: string | null;
            dueAmount: string;
            /** Format: date-time */
            expiresAt: string;
            /** @description The merchant's order reference, shown on every checkout screen */
            externalId: string | null;
            id: string;
            links: {
                ton: string;
                tonkeeper: string;
            };
            /** @description The transfer comment the customer must include */
            memo: string;
            /** @constant */
            network: "TON";
            paidAmount: string;
            paidAt: string | null;
            /** @description A price in another currency than the asset asked ("3.40 EUR"); null when priced in the asset itself */
            price: {
                amount: string;
                currency: string;
            } | null;
            /**
             * Format: date-time
             * @description The service's clock, so the countdown ignores a wrong device clock
             */
            serverTime: string;
            /** @enum {string} */
            status: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
        };
        /** @description One asset's close: a line per asset, each in its own decimals */
        CloseDayAsset: {
            /** @enum {string} */
            currency: "USDT" | "TON";
            /** @description Ran out that day without completing: the amounts they asked for (not takings) */
            expired: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description takenIn - refunded; negative when more went back than came in */
            netTakings: string;
            /** @description Completed that day with more than asked: all they brought in */
            overpaid: {
                /** @description How many */
                count: number;
                /** @description The part beyond the amounts asked */
                extra: string;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Completed that day, exactly the amount asked */
            paid: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Created that day, never completed, holding money: what they hold */
            partiallyPaid: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Of the paid and overpaid in this asset, the fiat-priced ones: their prices per price currency */
            prices: components["schemas"]["PriceTotal"][];
            /** @description Refunds sent that day (and not bounced), whatever day their payment was */
            refunded: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Of the paid, those that settled short of their amount inside the store's tolerance: the shortfalls' sum */
            settledShort: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description paid + overpaid + partiallyPaid */
            takenIn: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Of the taken in, the tips given at the till on payments completed in the span: how many, and their sum */
            tips: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
        };
        CloseDayReport: {
            /** @description A close per asset the store takes or was paid in over the span, in the registry order */
            assets: components["schemas"]["CloseDayAsset"][];
            /**
             * Format: date
             * @description The (first) day
             */
            date: string;
            /** @description How many days the report covers */
            days: number;
            /** @description Ran out that day without completing: the amounts they asked for (not takings) */
            expired: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /**
             * Format: date-time
             * @description When the day began (inclusive)
             */
            from: string;
            /** Format: date-time */
            generatedAt: string;
            /** @description 24 a day, or one less or more for a daylight-saving change */
            hours: number;
            /** @description Whether test payments were counted */
            includeTest: boolean;
            /** @description takenIn - refunded; negative when more went back than came in */
            netTakings: string;
            /** @description Completed that day with more than asked: all they brought in */
            overpaid: {
                /** @description How many */
                count: number;
                /** @description The part beyond the amounts asked */
                extra: string;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Completed that day, exactly the amount asked */
            paid: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description Created that day, never completed, holding money: what they hold */
            partiallyPaid: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description The fiat prices of the payments completed in the span, per price currency over every asset; absent when none was fiat-priced */
            prices?: components["schemas"]["PriceTotal"][];
            /** @description Refunds sent that day (and not bounced), whatever day their payment was */
            refunded: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /** @description The store's name ('' when not set) */
            store: string;
            /** @description paid + overpaid + partiallyPaid */
            takenIn: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /**
             * Format: date
             * @description The last day, inclusive: `date` itself for one day
             */
            through: string;
            timeZone: string;
            /** @description Of the taken in, the tips given at the till on payments completed in the span: how many, and their sum */
            tips: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /**
             * Format: date-time
             * @description When it ended (exclusive)
             */
            to: string;
        };
        /** @description Optional customer information shown to the merchant, never on chain */
        Customer: {
            /** Format: email */
            email?: string;
            id?: string;
            name?: string;
        };
        EmbedCheck: {
            /** @constant */
            allowed: true;
            /** @description true in sandbox mode when no origin list applies: any page may embed this checkout */
            anyOrigin: boolean;
            /** @description Origin of this service: the checkout frame comes from here */
            serviceOrigin: string;
        };
        /**
         * @description Every error has this shape, whatever the status
         * @example {
         *       "error": {
         *         "code": "VALIDATION_ERROR",
         *         "message": "amount: must be a decimal string such as \"10.00\"",
         *         "field": "amount"
         *       }
         *     }
         */
        Error: {
            error: {
                /**
                 * @description Stable: branch on it
                 * @enum {string}
                 */
                code: "VALIDATION_ERROR" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "PAYMENT_NOT_FOUND" | "IDEMPOTENCY_CONFLICT" | "INVALID_STATE_TRANSITION" | "INVALID_SIGNATURE" | "SIGNATURE_EXPIRED" | "SANDBOX_ONLY" | "ORIGIN_NOT_ALLOWED" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "HOST_NOT_ALLOWED" | "RESTORE_PENDING" | "LEDGER_UNAVAILABLE" | "CHAIN_UNAVAILABLE" | "RATE_UNAVAILABLE" | "INTERNAL_ERROR";
                /** @description The request field at fault, when there is one */
                field?: string;
                /** @description For people; may change */
                message: string;
            };
        };
        ExplainedMovement: {
            /** @description The TON it moved (for `other`, what arrived with it) */
            amount: string;
            /** Format: date-time */
            at: string;
            /** @description What the transaction cost the wallet, in TON */
            fee: string;
            /**
             * @description sent: the wallet's own send (a refund, a withdrawal, the TON attached to a USDT refund); returned: one of its sends bounced back; other: value or gas that is no payment
             * @enum {string}
             */
            kind: "sent" | "returned" | "other";
            lt: string;
            /** @description other: why it is no payment (bounced, contract_call, below_fee_floor, …) */
            reason: string | null;
            txHash: string;
        };
        Health: {
            /** @constant */
            ok: true;
        };
        /**
         * @example {
         *       "id": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "paymentId": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "kind": "hpp",
         *       "status": "pending",
         *       "amount": "10.00",
         *       "amountBaseUnits": "10000000",
         *       "paidAmount": "0.00",
         *       "dueAmount": "10.00",
         *       "overpaidAmount": "0.00",
         *       "refundedAmount": "0.00",
         *       "currency": "USDT",
         *       "mainCurrency": "TON",
         *       "price": {
         *         "amount": "10.00",
         *         "currency": "USDT"
         *       },
         *       "quotes": [],
         *       "tolerance": {
         *         "percent": "0",
         *         "shortfall": "0.00"
         *       },
         *       "externalId": "order-1",
         *       "description": null,
         *       "memo": "TT-HFWFKRUVY6",
         *       "address": "UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP",
         *       "jettonMaster": "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
         *       "links": {
         *         "checkout": "https://pay.example/pay/pay_7Kee6t01zB9l6HAdmhBmwP",
         *         "ton": "ton://transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6",
         *         "tonkeeper": "https://app.tonkeeper.com/transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6"
         *       },
         *       "late": false,
         *       "expiresAt": "2026-11-21T12:30:00.000Z",
         *       "paidAt": null,
         *       "customer": null,
         *       "callbackUrl": null,
         *       "successUrl": null,
         *       "failUrl": null,
         *       "metadata": null,
         *       "transfers": [],
         *       "createdAt": "2026-11-21T12:00:00.000Z",
         *       "updatedAt": "2026-11-21T12:00:00.000Z",
         *       "url": "https://pay.example/pay/pay_7Kee6t01zB9l6HAdmhBmwP"
         *     }
         */
        HostedDeposit: {
            /** @description Merchant's TON wallet address to pay to */
            address: string;
            amount: string;
            /** @description Amount in the asset's base units (micro-USDT, nanotons) */
            amountBaseUnits: string;
            callbackUrl: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The asset the customer pays in; for a fiat price, the quote chosen (the first accepted until one is)
             * @enum {string}
             */
            currency: "USDT" | "TON";
            customer: components["schemas"]["Customer"] | null;
            description: string | null;
            dueAmount: string;
            /** Format: date-time */
            expiresAt: string;
            externalId: string | null;
            failUrl: string | null;
            id: string;
            /** @description The USDT jetton's master; for a TON payment still the store's USDT master, as before */
            jettonMaster: string;
            /** @enum {string} */
            kind: "hpp" | "address" | "invoice" | "widget";
            late: boolean;
            links: components["schemas"]["PaymentLinks"];
            /** @constant */
            mainCurrency: "TON";
            /** @description Transfer comment the customer must include */
            memo: string;
            metadata: {
                [key: string]: string;
            } | null;
            overpaidAmount: string;
            paidAmount: string;
            paidAt: string | null;
            /** @description Same as id, under the name the spec uses */
            paymentId: string;
            price: components["schemas"]["Price"];
            /** @description For a fiat price, one locked quote per accepted asset; whichever is paid settles it. Empty otherwise */
            quotes: components["schemas"]["Quote"][];
            /** @description What refunds sent back from the merchant's wallet (and did not bounce) */
            refundedAmount: string;
            /** @enum {string} */
            status: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            successUrl: string | null;
            tolerance: components["schemas"]["Tolerance"];
            transfers: components["schemas"]["Transfer"][];
            /** Format: date-time */
            updatedAt: string;
            /** @description Redirect the customer here */
            url: string;
        };
        InboxTransfer: {
            amount: string;
            amountBaseUnits: string;
            /**
             * @description What arrived: USDT on the jetton wallet, TON on the store wallet
             * @enum {string}
             */
            asset: "USDT" | "TON";
            /** Format: date-time */
            at: string;
            comment: string | null;
            from: string | null;
            lt: string;
            paymentId?: string | null;
            /** @description The merchant's note when attaching or dismissing it */
            resolution?: string | null;
            /** @enum {string} */
            status?: "credited" | "unmatched" | "dismissed";
            suggestions: components["schemas"]["SuggestedPayment"][];
            txHash: string;
        };
        LedgerCapabilities: {
            /**
             * @description 'file': TonTill backs the ledger up itself (Settings → Backups, the /console/api/backups routes); 'external': the database is backed up outside TonTill (pg_dump) and those routes do not exist
             * @enum {string}
             */
            backups: "file" | "external";
            /** @description Several instances share the ledger: one of them watches the chain, the others stand by */
            sharedLedger: boolean;
        };
        LedgerInfo: {
            capabilities: components["schemas"]["LedgerCapabilities"];
            /**
             * @description 'sqlite': a file in the data directory (Settings → Backups); 'postgres': shared by the store's instances, backed up with pg_dump. The console goes by `capabilities`
             * @enum {string}
             */
            engine: "sqlite" | "postgres";
            /** @description This instance's id on a shared ledger; null on SQLite */
            instance: string | null;
            /** @description Whether this instance runs the chain watcher now (on a shared ledger only the one holding the lease does) */
            watching: boolean;
        };
        ManualRate: {
            /** @enum {string} */
            asset: "USDT" | "TON";
            currency: string;
            /** @description The currency per one whole unit of the asset */
            rate: string;
        };
        OutgoingTransfer: {
            amount: string;
            /**
             * @description USDT from the jetton wallet, TON from the store wallet
             * @enum {string}
             */
            asset: "USDT" | "TON";
            /** Format: date-time */
            at: string;
            comment: string | null;
            /** @description sent: the recipient; returned: the wallet that refused it */
            counterparty: string | null;
            /**
             * @description sent: left the wallet; returned: came back bounced
             * @enum {string}
             */
            kind: "sent" | "returned";
            /** @description The refund this transfer sent; null when no refund explains it (a withdrawal, or a refund sent wrong) */
            refund: {
                id: string;
                paymentId: string;
                /** @enum {string} */
                status: "awaiting_signature" | "sent" | "failed" | "cancelled";
            } | null;
            txHash: string;
        };
        OutgoingTransferList: {
            items: components["schemas"]["OutgoingTransfer"][];
        };
        /**
         * @description A payment: what a deposit, an invoice or a widget session creates
         * @example {
         *       "id": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "paymentId": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "kind": "invoice",
         *       "status": "pending",
         *       "amount": "10.00",
         *       "amountBaseUnits": "10000000",
         *       "paidAmount": "0.00",
         *       "dueAmount": "10.00",
         *       "overpaidAmount": "0.00",
         *       "refundedAmount": "0.00",
         *       "currency": "USDT",
         *       "mainCurrency": "TON",
         *       "price": {
         *         "amount": "10.00",
         *         "currency": "USDT"
         *       },
         *       "quotes": [],
         *       "tolerance": {
         *         "percent": "0",
         *         "shortfall": "0.00"
         *       },
         *       "externalId": "order-1",
         *       "description": null,
         *       "memo": "TT-HFWFKRUVY6",
         *       "address": "UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP",
         *       "jettonMaster": "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
         *       "links": {
         *         "checkout": "https://pay.example/pay/pay_7Kee6t01zB9l6HAdmhBmwP",
         *         "ton": "ton://transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6",
         *         "tonkeeper": "https://app.tonkeeper.com/transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6"
         *       },
         *       "late": false,
         *       "expiresAt": "2026-11-21T12:30:00.000Z",
         *       "paidAt": null,
         *       "customer": null,
         *       "callbackUrl": null,
         *       "successUrl": null,
         *       "failUrl": null,
         *       "metadata": null,
         *       "transfers": [],
         *       "createdAt": "2026-11-21T12:00:00.000Z",
         *       "updatedAt": "2026-11-21T12:00:00.000Z"
         *     }
         * @example {
         *       "id": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "paymentId": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "kind": "invoice",
         *       "status": "paid",
         *       "amount": "10.00",
         *       "amountBaseUnits": "10000000",
         *       "paidAmount": "10.00",
         *       "dueAmount": "0.00",
         *       "overpaidAmount": "0.00",
         *       "refundedAmount": "0.00",
         *       "currency": "USDT",
         *       "mainCurrency": "TON",
         *       "price": {
         *         "amount": "10.00",
         *         "currency": "USDT"
         *       },
         *       "quotes": [],
         *       "tolerance": {
         *         "percent": "0",
         *         "shortfall": "0.00"
         *       },
         *       "externalId": "order-1",
         *       "description": null,
         *       "memo": "TT-HFWFKRUVY6",
         *       "address": "UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP",
         *       "jettonMaster": "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
         *       "links": {
         *         "checkout": "https://pay.example/pay/pay_7Kee6t01zB9l6HAdmhBmwP",
         *         "ton": "ton://transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6",
         *         "tonkeeper": "https://app.tonkeeper.com/transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6"
         *       },
         *       "late": false,
         *       "expiresAt": "2026-11-21T12:30:00.000Z",
         *       "paidAt": "2026-11-21T12:03:12.000Z",
         *       "customer": null,
         *       "callbackUrl": null,
         *       "successUrl": null,
         *       "failUrl": null,
         *       "metadata": null,
         *       "transfers": [
         *         {
         *           "txHash": "8c41e7a4d46c2f18bff5d4f9a0447904053fcd1f6cb879cedfe0806e2264ec37",
         *           "amount": "10.00",
         *           "from": "UQBSHi-kA2wxatahX95V30-zd89DaAzUsZejFcnRJIjdkZfK",
         *           "comment": "TT-HFWFKRUVY6",
         *           "creditedAt": "2026-11-21T12:03:12.000Z",
         *           "explorerUrl": "https://tonviewer.com/transaction/8c41e7a4d46c2f18bff5d4f9a0447904053fcd1f6cb879cedfe0806e2264ec37"
         *         }
         *       ],
         *       "createdAt": "2026-11-21T12:00:00.000Z",
         *       "updatedAt": "2026-11-21T12:03:12.000Z"
         *     }
         * @example {
         *       "id": "pay_3hVq0d2kNc7sXwY1pLm8Rz",
         *       "paymentId": "pay_3hVq0d2kNc7sXwY1pLm8Rz",
         *       "kind": "invoice",
         *       "status": "pending",
         *       "amount": "3.612410",
         *       "amountBaseUnits": "3612410",
         *       "paidAmount": "0.00",
         *       "dueAmount": "3.612410",
         *       "overpaidAmount": "0.00",
         *       "refundedAmount": "0.00",
         *       "currency": "USDT",
         *       "mainCurrency": "TON",
         *       "price": {
         *         "amount": "3.40",
         *         "currency": "EUR"
         *       },
         *       "quotes": [
         *         {
         *           "currency": "USDT",
         *           "amount": "3.612410",
         *           "rate": "0.9412",
         *           "source": "tonapi",
         *           "fixedAt": "2026-11-21T11:59:30.000Z"
         *         },
         *         {
         *           "currency": "TON",
         *           "amount": "0.698151951",
         *           "rate": "4.87",
         *           "source": "tonapi",
         *           "fixedAt": "2026-11-21T11:59:30.000Z"
         *         }
         *       ],
         *       "tolerance": {
         *         "percent": "0.5",
         *         "shortfall": "0.00"
         *       },
         *       "externalId": "order-5",
         *       "description": null,
         *       "memo": "TT-HFWFKRUVY6",
         *       "address": "UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP",
         *       "jettonMaster": "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
         *       "links": {
         *         "checkout": "https://pay.example/pay/pay_3hVq0d2kNc7sXwY1pLm8Rz",
         *         "ton": "ton://transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=3612410&text=TT-HFWFKRUVY6",
         *         "tonkeeper": "https://app.tonkeeper.com/transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=3612410&text=TT-HFWFKRUVY6"
         *       },
         *       "late": false,
         *       "expiresAt": "2026-11-21T12:30:00.000Z",
         *       "paidAt": null,
         *       "customer": null,
         *       "callbackUrl": null,
         *       "successUrl": null,
         *       "failUrl": null,
         *       "metadata": null,
         *       "transfers": [],
         *       "createdAt": "2026-11-21T12:00:00.000Z",
         *       "updatedAt": "2026-11-21T12:00:00.000Z"
         *     }
         */
        Payment: {
            /** @description Merchant's TON wallet address to pay to */
            address: string;
            amount: string;
            /** @description Amount in the asset's base units (micro-USDT, nanotons) */
            amountBaseUnits: string;
            callbackUrl: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The asset the customer pays in; for a fiat price, the quote chosen (the first accepted until one is)
             * @enum {string}
             */
            currency: "USDT" | "TON";
            customer: components["schemas"]["Customer"] | null;
            description: string | null;
            dueAmount: string;
            /** Format: date-time */
            expiresAt: string;
            externalId: string | null;
            failUrl: string | null;
            id: string;
            /** @description The USDT jetton's master; for a TON payment still the store's USDT master, as before */
            jettonMaster: string;
            /** @enum {string} */
            kind: "hpp" | "address" | "invoice" | "widget";
            late: boolean;
            links: components["schemas"]["PaymentLinks"];
            /** @constant */
            mainCurrency: "TON";
            /** @description Transfer comment the customer must include */
            memo: string;
            metadata: {
                [key: string]: string;
            } | null;
            overpaidAmount: string;
            paidAmount: string;
            paidAt: string | null;
            /** @description Same as id, under the name the spec uses */
            paymentId: string;
            price: components["schemas"]["Price"];
            /** @description For a fiat price, one locked quote per accepted asset; whichever is paid settles it. Empty otherwise */
            quotes: components["schemas"]["Quote"][];
            /** @description What refunds sent back from the merchant's wallet (and did not bounce) */
            refundedAmount: string;
            /** @enum {string} */
            status: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            successUrl: string | null;
            tolerance: components["schemas"]["Tolerance"];
            transfers: components["schemas"]["Transfer"][];
            /** Format: date-time */
            updatedAt: string;
        };
        PaymentLinks: {
            /** @description Hosted payment page */
            checkout: string;
            /** @description ton:// transfer link: with jetton= for USDT, plain nanotons for TON */
            ton: string;
            /** @description Tonkeeper https link */
            tonkeeper: string;
        };
        PaymentList: {
            items: components["schemas"]["Payment"][];
            nextCursor: string | null;
        };
        PaymentRow: {
            amount: string;
            createdAt: string;
            /** @enum {string} */
            currency: "USDT" | "TON";
            description: string | null;
            expiresAt: string;
            externalId: string | null;
            id: string;
            /** @enum {string} */
            kind: "hpp" | "address" | "invoice" | "widget";
            late: boolean;
            memo: string;
            overpaidAmount: string;
            paidAmount: string;
            paidAt: string | null;
            price: components["schemas"]["Price"];
            /** @description The locked rate of the asset asked (the price's currency per one unit); null when priced in the asset */
            rate: string | null;
            /** @description Where that rate came from: manual, sandbox, tonapi, … */
            rateSource: string | null;
            refundedAmount: string;
            seq: number;
            /** @description What a payment settled inside the tolerance lacks of its amount, in its asset ("0.00": none) */
            shortfall: string;
            /** @enum {string} */
            status: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            /** @description Made to try the flow (the widget preview's, the demo shop's) */
            test: boolean;
            /** @description The short payment the store accepted for it, in percent */
            tolerancePercent: string;
        };
        PaymentTimelineEvent: {
            createdAt: string;
            id: string;
            /** @description The merchant's note, on an attached transfer */
            note?: string | null;
            paidAmount: string | null;
            status: string | null;
            type: string;
        };
        PaymentWindows: {
            /** @description The assets the store takes, in the registry order (unset: all in sandbox mode, USDT otherwise) */
            acceptedAssets: ("USDT" | "TON")[];
            defaultExpirySeconds: number;
            monitoringWindowSeconds: number;
        };
        /** @description What the payment is priced at; for an asset-priced payment, its amount and asset */
        Price: {
            /** @description The price as written, in its currency ("3.40") */
            amount: string;
            /** @description An asset code or an ISO 4217 code */
            currency: string;
        };
        PriceTotal: {
            /** @description How many completed payments were priced in it */
            count: number;
            /**
             * @description An ISO 4217 code
             * @example EUR
             */
            currency: string;
            /**
             * @description Their prices' sum, in the currency's minor digits
             * @example 3.40
             */
            total: string;
        };
        PricingSettings: {
            /** @default [] */
            manualRates: components["schemas"]["ManualRate"][];
            /**
             * @description Two live sources further apart than this refuse a fiat invoice (503 RATE_UNAVAILABLE)
             * @default 2
             */
            maxDisagreementPercent: string;
            /**
             * @description A live rate older than this is not used
             * @default 900
             */
            maxRateAgeSeconds: number;
            /**
             * @default live
             * @enum {string}
             */
            rateMode: "live" | "manual";
            /**
             * @description A payment short by at most this percent of its amount is paid (exchanges deduct fees)
             * @default 0
             */
            shortTolerancePercent: string;
            /**
             * @description What the store prices in: an asset (no conversion) or an ISO 4217 code
             * @default USDT
             * @example USDT
             */
            storeCurrency: string;
        };
        ProvenWallet: {
            /** @description User-friendly, non-bounceable, in the form of the running chain */
            address: string;
            /** Format: date-time */
            provenAt: string;
            walletName: string | null;
        };
        /** @description A fiat price in one accepted asset, locked for the payment window */
        Quote: {
            /** @description What the customer pays in it: the price at the rate, rounded up to its smallest unit */
            amount: string;
            /**
             * @description An asset the customer may pay in
             * @enum {string}
             */
            currency: "USDT" | "TON";
            /**
             * Format: date-time
             * @description When the source fixed the rate
             */
            fixedAt: string;
            /** @description The price's currency per one whole unit of the asset, an exact decimal */
            rate: string;
            /** @description Where the rate came from: tonapi, coingecko, manual or sandbox */
            source: string;
        };
        RatesHealth: {
            lastRefusal: {
                /** Format: date-time */
                at: string;
                reason: string;
            } | null;
            /** @enum {string} */
            origin: "sandbox" | "manual" | "live";
            sources: components["schemas"]["RateSourceHealth"][];
        };
        RateSourceHealth: {
            lastError: string | null;
            lastFailureAt: string | null;
            lastSuccessAt: string | null;
            /** @description tonapi, coingecko, ecb */
            name: string;
            /**
             * @description unused: not asked since the service started
             * @enum {string}
             */
            state: "ok" | "failing" | "unused";
        };
        /**
         * @example {
         *       "id": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "paymentId": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "kind": "address",
         *       "status": "pending",
         *       "amount": "10.00",
         *       "amountBaseUnits": "10000000",
         *       "paidAmount": "0.00",
         *       "dueAmount": "10.00",
         *       "overpaidAmount": "0.00",
         *       "refundedAmount": "0.00",
         *       "currency": "USDT",
         *       "mainCurrency": "TON",
         *       "price": {
         *         "amount": "10.00",
         *         "currency": "USDT"
         *       },
         *       "quotes": [],
         *       "tolerance": {
         *         "percent": "0",
         *         "shortfall": "0.00"
         *       },
         *       "externalId": "order-1",
         *       "description": null,
         *       "memo": "TT-HFWFKRUVY6",
         *       "address": "UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP",
         *       "jettonMaster": "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
         *       "links": {
         *         "checkout": "https://pay.example/pay/pay_7Kee6t01zB9l6HAdmhBmwP",
         *         "ton": "ton://transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6",
         *         "tonkeeper": "https://app.tonkeeper.com/transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6"
         *       },
         *       "late": false,
         *       "expiresAt": "2026-11-21T12:30:00.000Z",
         *       "paidAt": null,
         *       "customer": null,
         *       "callbackUrl": null,
         *       "successUrl": null,
         *       "failUrl": null,
         *       "metadata": null,
         *       "transfers": [],
         *       "createdAt": "2026-11-21T12:00:00.000Z",
         *       "updatedAt": "2026-11-21T12:00:00.000Z",
         *       "network": "TON",
         *       "decimals": 6
         *     }
         */
        ReceivingAddress: {
            /** @description Merchant's TON wallet address to pay to */
            address: string;
            amount: string;
            /** @description Amount in the asset's base units (micro-USDT, nanotons) */
            amountBaseUnits: string;
            callbackUrl: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description The asset the customer pays in; for a fiat price, the quote chosen (the first accepted until one is)
             * @enum {string}
             */
            currency: "USDT" | "TON";
            customer: components["schemas"]["Customer"] | null;
            /** @description The currency's decimals: 6 for USDT, 9 for TON */
            decimals: number;
            description: string | null;
            dueAmount: string;
            /** Format: date-time */
            expiresAt: string;
            externalId: string | null;
            failUrl: string | null;
            id: string;
            /** @description The USDT jetton's master; for a TON payment still the store's USDT master, as before */
            jettonMaster: string;
            /** @enum {string} */
            kind: "hpp" | "address" | "invoice" | "widget";
            late: boolean;
            links: components["schemas"]["PaymentLinks"];
            /** @constant */
            mainCurrency: "TON";
            /** @description Transfer comment the customer must include */
            memo: string;
            metadata: {
                [key: string]: string;
            } | null;
            /** @constant */
            network: "TON";
            overpaidAmount: string;
            paidAmount: string;
            paidAt: string | null;
            /** @description Same as id, under the name the spec uses */
            paymentId: string;
            price: components["schemas"]["Price"];
            /** @description For a fiat price, one locked quote per accepted asset; whichever is paid settles it. Empty otherwise */
            quotes: components["schemas"]["Quote"][];
            /** @description What refunds sent back from the merchant's wallet (and did not bounce) */
            refundedAmount: string;
            /** @enum {string} */
            status: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            successUrl: string | null;
            tolerance: components["schemas"]["Tolerance"];
            transfers: components["schemas"]["Transfer"][];
            /** Format: date-time */
            updatedAt: string;
        };
        Reconciliation: {
            /** @description The account checked (raw form): the merchant's USDT jetton wallet, or the store wallet */
            account: string;
            /**
             * @description The books checked: USDT on the jetton wallet, TON on the store wallet
             * @enum {string}
             */
            asset: "USDT" | "TON";
            /** @description The account's newest transaction when it was checked */
            atLt: string;
            /** Format: date-time */
            checkedAt: string;
            /** @description onChainBalance - ledgerBalance: "0.00" when the books balance */
            difference: string;
            /** @description TON: the store wallet's other transactions in the window (its own sends and fees), not counted */
            explained?: components["schemas"]["ExplainedMovement"][];
            /** @description USDT: every transfer in, plus what came back bounced, minus what was sent, up to `atLt`. TON: the Toncoin transfers the ledger recorded in the window (credited, unmatched or dismissed) */
            ledgerBalance: string;
            /** @description USDT: what get_wallet_data reported, at `atLt`. TON: the payment-shaped Toncoin the store wallet received in the window */
            onChainBalance: string;
            /** @description When the books are off: the transactions that explain it, where they were found */
            unrecorded: components["schemas"]["UnrecordedMovement"][];
        };
        /** @description A refund, signed by the merchant's own wallet */
        Refund: {
            amount: string;
            /** @description Amount in base units of `asset` (micro-USDT, nanotons) */
            amountBaseUnits: string;
            /**
             * @description What goes back: the asset the payment was paid in
             * @enum {string}
             */
            asset: "USDT" | "TON";
            /** Format: date-time */
            createdAt: string;
            /** @description Who asked for it: "api" or the console user */
            createdBy: string;
            /** @description Wallet address the money goes back to */
            destination: string;
            /** @description What it was stated as, when a fiat amount; else null */
            fiat: components["schemas"]["RefundFiat"] | null;
            id: string;
            links: components["schemas"]["RefundLinks"];
            /** @description Comment the refund transfer must carry: how the watcher recognises it */
            memo: string;
            paymentId: string;
            reason: string | null;
            /** @enum {string} */
            status: "awaiting_signature" | "sent" | "failed" | "cancelled";
            /** @description The transaction that sent it, once sent */
            txHash: string | null;
            /** Format: date-time */
            updatedAt: string;
        };
        RefundEventData: {
            payment: components["schemas"]["Payment"];
            refund: components["schemas"]["Refund"];
            /**
             * @description refund.sent only: the wallet sent the refund after it had been cancelled (its QR code was already open), so it counts after all
             * @constant
             */
            sentAfterCancel?: true;
        };
        RefundFiat: {
            /** @example 3.40 */
            amount: string;
            /** @enum {string} */
            basis: "original" | "current";
            /**
             * @description The payment's price currency (ISO 4217)
             * @example EUR
             */
            currency: string;
            /**
             * Format: date-time
             * @description When the source fixed the rate
             */
            fixedAt: string;
            /**
             * @description `currency` per one whole unit of `asset`
             * @example 0.92
             */
            rate: string;
            /** @description Where the rate came from: sandbox, manual, tonapi, … */
            source: string;
        };
        RefundLinks: {
            /** @description ton:// link: a transfer of exactly `amount` of `asset` to `destination` with `memo` as its comment (a jetton transfer for USDT, a plain one for Toncoin) */
            ton: string;
            /** @description The same transfer as a Tonkeeper https link */
            tonkeeper: string;
        };
        RefundList: {
            items: components["schemas"]["Refund"][];
        };
        RefundRate: {
            /** @enum {string} */
            asset: "USDT" | "TON";
            /** @description The payment's price currency (ISO 4217) */
            currency: string;
            /** Format: date-time */
            fixedAt: string;
            /** @description `currency` per one whole unit of `asset` */
            rate: string;
            source: string;
        };
        /** @description Settings; the toncenter API key is never returned */
        Settings: {
            allowedOrigins: string[];
            configFile: string;
            dataDir: string;
            refusedOrigins: {
                /** Format: date-time */
                firstSeenAt: string;
                /** Format: date-time */
                lastSeenAt: string;
                origin: string;
            }[];
            restartRequired: boolean;
            restoreStaged: boolean;
            /** @description What the service runs with now */
            running: {
                chain: components["schemas"]["ChainSettings"];
                payments: components["schemas"]["PaymentWindows"];
            };
            /** @description What config.json says: applies at the next start */
            saved: {
                chain: components["schemas"]["ChainSettings"];
                payments: components["schemas"]["PaymentWindows"];
            };
        };
        /** @description The transactions the merchant's wallet sent, and the refund afterwards */
        SimulatedRefund: {
            /** @enum {string} */
            case: "exact" | "short" | "wrong-memo" | "bounce";
            refund: components["schemas"]["Refund"];
            txHashes: string[];
        };
        /** @description The transactions sent and the payment afterwards */
        SimulationResult: {
            /** @enum {string} */
            case: "exact" | "short" | "no-comment" | "zero-forward" | "comment-in-ref" | "fake-jetton" | "forged" | "bounced";
            payment: components["schemas"]["Payment"];
            txHashes: string[];
        };
        Stats: {
            /** @description Paid volume per asset the store takes or was paid in over the days shown, in the registry order */
            assets: components["schemas"]["AssetVolume"][];
            counts: {
                cancelled: number;
                expired: number;
                paid: number;
                partially_paid: number;
                pending: number;
            };
            now: string;
            /** @description USDT paid per day */
            series: {
                count: number;
                /** @description Local date, YYYY-MM-DD */
                date: string;
                volume: string;
            }[];
            /** @description Today's and this week's takings in the store's time zone, by the daily close's rules */
            takings: {
                today: components["schemas"]["Takings"];
                week: components["schemas"]["Takings"];
            };
            /** @description USDT paid today (every asset: `assets`) */
            today: {
                count: number;
                volume: string;
            };
            unmatched: number;
            /** @description USDT paid this week */
            week: {
                count: number;
                volume: string;
            };
        };
        StoreProfile: {
            /** @description An e-mail address or an https URL, for "Already paid? Contact …" on the checkout */
            contact: "" | string;
            logoUrl: string | null;
            name: string;
        };
        SuggestedPayment: {
            amount: string;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string | null;
            description: string | null;
            dueAmount: string;
            /** Format: date-time */
            expiresAt: string;
            externalId: string | null;
            id: string;
            memo: string;
            /** @enum {string} */
            status: "pending" | "partially_paid" | "expired";
        };
        Takings: {
            /** @description The takings per asset, in the registry order */
            assets: components["schemas"]["AssetTakings"][];
            /** @description Of the taken in, what overpayments brought beyond the amounts asked */
            beyondAmount: string;
            /**
             * Format: date
             * @description The first day
             */
            date: string;
            /** @description Whether test payments were counted */
            includeTest: boolean;
            netTakings: string;
            /** @description The fiat prices of the payments completed in the span (paid and overpaid, in whatever asset), per price currency: the store's currency first when it is one (at 0 when nothing was priced in it), then any other by code. Asset-priced payments are only in the asset figures */
            prices: components["schemas"]["PriceTotal"][];
            refunded: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /**
             * @description What the store prices in now: an asset code, or an ISO 4217 code whose total leads `prices`
             * @example EUR
             */
            storeCurrency: string;
            /** @description paid + overpaid + partially paid, as in the close */
            takenIn: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
            /**
             * Format: date
             * @description The last day, inclusive
             */
            through: string;
            timeZone: string;
            /** @description Of the taken in, the tips given at the till on payments completed in the span: how many, and their sum */
            tips: {
                /** @description How many */
                count: number;
                /** @description A decimal string in the asset's decimals */
                total: string;
            };
        };
        TillWalletSession: {
            /** @description The TON Connect universal link to show as a QR; empty once the session has ended */
            link: string;
            /** @description Why the session failed, in words; null otherwise */
            reason: string | null;
            /** @enum {string} */
            state: "waiting_for_wallet" | "connected" | "awaiting_approval" | "approved" | "refused" | "timed_out" | "expired" | "ended" | "failed";
            wallet: {
                /** @description The connected account, user-friendly and non-bounceable (UQ…) */
                address: string;
                /** @description The wallet app's name, as its wallets-list entry gives it */
                name: string;
            } | null;
        };
        TimeZoneSetting: {
            /** @description The zone of the computer that runs the service */
            machineTimeZone: string;
            /** @description The store's time zone: the owner's choice, else the machine's */
            timeZone: string;
        };
        /** @description Tips at the till: on or off, and the percent buttons */
        TipSettings: {
            enabled: boolean;
            presets: number[];
        };
        Tolerance: {
            /** @description The short payment the store accepts, in percent of the amount ("0.5") */
            percent: string;
            /** @description What a payment settled inside the tolerance lacks of its amount, in its currency ("0.00": none) */
            shortfall: string;
        };
        TonConnectManifest: {
            /** @description Absolute URL of a PNG: the store's logo, or TonTill's 180×180 icon */
            iconUrl: string;
            /** @description The store's name from Settings, or TonTill */
            name: string;
            /** @description The service's public address, no trailing slash */
            url: string;
        };
        TonProofReply: {
            domain: {
                lengthBytes: number;
                value: string;
            };
            payload: string;
            /** @description Ed25519 signature, base64 */
            signature: string;
            /** @description Unix seconds when the wallet signed */
            timestamp: number;
        };
        /** @description A transfer credited to the payment */
        Transfer: {
            amount: string;
            comment: string | null;
            /** Format: date-time */
            creditedAt: string;
            explorerUrl: string;
            from: string | null;
            txHash: string;
        };
        TransferDecision: {
            /** @enum {string} */
            action: "attached" | "dismissed" | "undone";
            /** @description Who decided: the console and the address it was used from */
            actor: string;
            /** Format: date-time */
            at: string;
            note: string;
            paymentId: string | null;
            seq: number;
            transfer: components["schemas"]["UnmatchedTransfer"];
            /** @description A dismissal that is still the transfer's latest decision */
            undoable: boolean;
        };
        TransferDecisionEventData: {
            /** @description Who decided: the console and the address it was used from */
            actor: string;
            amount: string;
            amountBaseUnits: string;
            /**
             * @description What arrived: USDT on the jetton wallet, TON on the store wallet
             * @enum {string}
             */
            asset: "USDT" | "TON";
            /** Format: date-time */
            at: string;
            comment: string | null;
            from: string | null;
            lt: string;
            note: string;
            /** @description The payment it was attached to; null for a dismissal or its undoing */
            paymentId: string | null;
            /** @description The merchant's note when attaching or dismissing it */
            resolution?: string | null;
            /** @enum {string} */
            status?: "credited" | "unmatched" | "dismissed";
            txHash: string;
        };
        UnmatchedTransfer: {
            amount: string;
            amountBaseUnits: string;
            /**
             * @description What arrived: USDT on the jetton wallet, TON on the store wallet
             * @enum {string}
             */
            asset: "USDT" | "TON";
            /** Format: date-time */
            at: string;
            comment: string | null;
            from: string | null;
            lt: string;
            paymentId?: string | null;
            /** @description The merchant's note when attaching or dismissing it */
            resolution?: string | null;
            /** @enum {string} */
            status?: "credited" | "unmatched" | "dismissed";
            txHash: string;
        };
        UnrecordedMovement: {
            /** Format: date-time */
            at: string;
            /** @description Its effect on the balance: negative for money that left */
            effect: string;
            /** @enum {string} */
            kind: "in" | "sent" | "returned";
            lt: string;
            txHash: string;
        };
        WalletProofPayload: {
            /** Format: date-time */
            expiresAt: string;
            /** @description 32 random bytes, hex: the ton_proof request payload */
            payload: string;
        };
        WalletProofView: {
            /** @description The proven wallet is the receiving wallet */
            current: boolean;
            proven: components["schemas"]["ProvenWallet"] | null;
            /** @description Where payments go now (the running chain settings) */
            receivingAddress: string;
        };
        WalletTransferRequest: {
            /** @description The payer's address, raw form, so a different wallet refuses */
            from: string;
            messages: {
                /** @description User-friendly, bounceable address the message goes to */
                address: string;
                /** @description Nanotons attached, a decimal string */
                amount: string;
                /** @description The message body, a base64 BOC */
                payload?: string;
            }[];
            /** @enum {string} */
            network: "-239" | "-3";
            /** @description Unix seconds; at most 5 minutes ahead and never past expiry */
            validUntil: number;
        };
        WatcherFailoverEventData: {
            /** Format: date-time */
            at: string;
            from: string;
            reason: string;
            to: string;
        };
        WatcherStatus: {
            /** @description The books of each asset the watcher reads (USDT on the jetton wallet, TON on the store wallet) and their last verdict; null when never checked */
            assetBooks?: {
                /** @enum {string} */
                asset: "USDT" | "TON";
                verdict: {
                    atLt: string;
                    /** Format: date-time */
                    checkedAt: string;
                    difference: string;
                } | null;
            }[];
            /** @description The last reconciliation's verdict: "0.00" when the ledger matches the wallet on chain */
            books?: {
                atLt: string;
                /** Format: date-time */
                checkedAt: string;
                difference: string;
            } | null;
            consecutiveErrors?: number;
            /** @description The newest transaction fully processed */
            cursor?: {
                hash: string;
                lt: string;
            } | null;
            jettonMaster?: string;
            /** @description Now minus the time of the newest transaction seen */
            lagSeconds?: number | null;
            lastError?: string | null;
            lastPollAt?: string | null;
            lastSuccessAt?: string | null;
            merchantAddress?: string;
            mode: components["schemas"]["ChainMode"];
            /** @description Chain time of the newest transaction the watcher has read */
            newestTransactionAt?: string | null;
            /** @description Where chain data comes from (testnet/mainnet); null in sandbox mode */
            providers?: {
                active: string;
                /** @description The watcher reads from a standby provider because the primary failed */
                degraded: boolean;
                list: {
                    lastError: string | null;
                    name: string;
                    /** Format: date-time */
                    since: string;
                    /** @enum {string} */
                    state: "active" | "standby" | "failing" | "stalled";
                }[];
                primary: string;
            } | null;
            running: boolean;
            /** @description toncenter's stream that wakes the watcher; null without one (sandbox, or streaming off) */
            stream?: {
                connected: boolean;
                lastError: string | null;
                lastEventAt: string | null;
                reconnects: number;
                since: string | null;
            } | null;
            /** @description The merchant's jetton wallet the watcher polls */
            watchedAccount?: string;
        };
        WebhookAttempt: {
            /** Format: date-time */
            at: string;
            durationMs: number;
            error: string | null;
            id: string;
            requestBody: string;
            requestHeaders: {
                [key: string]: string;
            };
            /** @description First 4 KB */
            responseBody: string | null;
            responseStatus: number | null;
            url: string;
        };
        WebhookDelivery: {
            attempts: number;
            /** Format: date-time */
            createdAt: string;
            deliveredAt: string | null;
            endpointId: string | null;
            eventId: string;
            eventType: string;
            id: string;
            lastError: string | null;
            /** @description The start of the last response body (200 characters) */
            lastResponseExcerpt: string | null;
            lastStatusCode: number | null;
            nextAttemptAt: string | null;
            paymentId: string | null;
            /**
             * @description pending: not tried yet; retrying: tried, failed, and due again at nextAttemptAt
             * @enum {string}
             */
            state: "pending" | "retrying" | "delivered" | "failed";
            /** @enum {string} */
            status: "pending" | "delivered" | "failed";
            url: string;
        };
        WebhookEndpoint: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            enabled: boolean;
            events: string[];
            failingSince: string | null;
            id: string;
            lastDeliveryAt: string | null;
            /** @description How the attempt at lastDeliveryAt ended; null before the first attempt */
            lastDeliveryOutcome: ("delivered" | "failed") | null;
            /** @enum {string} */
            status: "active" | "failing";
            url: string;
        };
        WebhookTestEventData: {
            endpointId: string;
            message: string;
            /** Format: date-time */
            sentAt: string;
        };
        WidgetPreviewSession: {
            amount: string;
            mode: components["schemas"]["ChainMode"];
            paymentId: string;
            /** @description The origin the signature was made for: the preview frame loads from here */
            serviceOrigin: string;
            signature: string;
            /** Format: date-time */
            signatureExpiresAt: string;
        };
        /**
         * @description An EPP signature and the payment it names
         * @example {
         *       "signature": "v1.eyJwaWQiOiJwYXlfN0tlZTZ0MDF6QjlsNkhBZG1oQm13UCIsInN2YyI6Imh0dHBzOi8vcGF5LmV4YW1wbGUiLCJleHAiOjE3OTUyNjMwMDB9.7p0f_P1-lOyRZfdgl_FCAv0um8LXjZeuxXuGykS7e4A",
         *       "paymentId": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *       "expiresAt": "2026-11-21T12:30:00.000Z",
         *       "signatureExpiresAt": "2026-11-21T12:30:00.000Z",
         *       "payment": {
         *         "id": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *         "paymentId": "pay_7Kee6t01zB9l6HAdmhBmwP",
         *         "kind": "widget",
         *         "status": "pending",
         *         "amount": "10.00",
         *         "amountBaseUnits": "10000000",
         *         "paidAmount": "0.00",
         *         "dueAmount": "10.00",
         *         "overpaidAmount": "0.00",
         *         "refundedAmount": "0.00",
         *         "currency": "USDT",
         *         "mainCurrency": "TON",
         *         "price": {
         *           "amount": "10.00",
         *           "currency": "USDT"
         *         },
         *         "quotes": [],
         *         "tolerance": {
         *           "percent": "0",
         *           "shortfall": "0.00"
         *         },
         *         "externalId": "order-3",
         *         "description": null,
         *         "memo": "TT-HFWFKRUVY6",
         *         "address": "UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP",
         *         "jettonMaster": "EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs",
         *         "links": {
         *           "checkout": "https://pay.example/pay/pay_7Kee6t01zB9l6HAdmhBmwP",
         *           "ton": "ton://transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6",
         *           "tonkeeper": "https://app.tonkeeper.com/transfer/UQDJ0XivvbcRqliceMd5qJ_39veDwyVT8-H4_jBBJNxtejGP?jetton=EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs&amount=10000000&text=TT-HFWFKRUVY6"
         *         },
         *         "late": false,
         *         "expiresAt": "2026-11-21T12:30:00.000Z",
         *         "paidAt": null,
         *         "customer": null,
         *         "callbackUrl": null,
         *         "successUrl": null,
         *         "failUrl": null,
         *         "metadata": null,
         *         "transfers": [],
         *         "createdAt": "2026-11-21T12:00:00.000Z",
         *         "updatedAt": "2026-11-21T12:00:00.000Z"
         *       }
         *     }
         */
        WidgetSession: {
            /**
             * Format: date-time
             * @description When the payment expires
             */
            expiresAt: string;
            payment: components["schemas"]["Payment"];
            paymentId: string;
            signature: string;
            /** Format: date-time */
            signatureExpiresAt: string;
        };
        WidgetVersions: {
            /** @description The version index-latest.js serves now */
            latest: string;
            /** @description Path of the always-newest build (short cache, no SRI) */
            latestUrl: string;
            /** @description Newest first */
            versions: {
                /** @description For the script tag's `integrity` attribute (sha384-…) */
                integrity: string;
                /** @description Path of this pinned build, cached for good */
                url: string;
                version: string;
            }[];
        };
        /** @description What the merchant's wallet sent, and the transactions it caused */
        WithdrawResult: {
            /**
             * @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)
             * @example 10.00
             */
            amount: string;
            to: string;
            txHashes: string[];
        };
    };
    responses: {
        /** @description IDEMPOTENCY_CONFLICT (externalId reused with another body) or INVALID_STATE_TRANSITION */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description FORBIDDEN: a console change that does not prove it comes from the console */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description HOST_NOT_ALLOWED: the console does not answer to this Host name */
        HostNotAllowed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description NOT_FOUND / PAYMENT_NOT_FOUND: no such resource */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description PAYLOAD_TOO_LARGE: the body is larger than the service accepts */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description RATE_LIMITED: too many requests; retry later */
        RateLimited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UNAUTHORIZED: missing or invalid credentials */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description RESTORE_PENDING: a backup waits to be restored at the next start; no change is accepted until then. RATE_UNAVAILABLE (creating a payment priced in a fiat currency): no exchange rate can be trusted right now (sources down, disagreeing or stale); the message says why; retry later */
        Unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description UNSUPPORTED_MEDIA_TYPE: send the body as JSON with Content-Type: application/json */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description VALIDATION_ERROR: the request is not valid; `field` names the culprit */
        ValidationError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: {
        CatalogueUpdate: {
            content: {
                "application/json": {
                    /**
                     * @description What the prices are in; absent, the store's currency (Settings → Pricing) as it is now
                     * @example USDT
                     */
                    currency?: string;
                    items: components["schemas"]["CatalogueItem"][];
                };
            };
        };
        CreateRefundRequest: {
            content: {
                "application/json": {
                    /**
                     * @description In the paid asset. Defaults to the overpaid excess, or else to everything paid and not yet refunded; not with `fiat`
                     * @example 10.00
                     */
                    amount?: string;
                    /** @description Defaults to the address that paid; required when several did */
                    destination?: string;
                    /** @description A fiat-priced payment only: the refund as an amount of its price currency, converted into the paid asset at the basis' rate and rounded up to its smallest unit */
                    fiat?: {
                        /**
                         * @description In the payment's price currency, with at most its minor digits
                         * @example 3.40
                         */
                        amount: string;
                        /**
                         * @description original: the payment's locked quote; current: today's rate (503 RATE_UNAVAILABLE without one)
                         * @default original
                         * @enum {string}
                         */
                        basis?: "original" | "current";
                    };
                    /** @description Why: shown on the refund, the receipt and the audit log */
                    reason?: string;
                };
            };
        };
        /** @description What every creation endpoint accepts; the quick-start payload (currency, mainCurrency, amount, externalId) is enough */
        DepositRequest: {
            content: {
                "application/json": {
                    /**
                     * @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)
                     * @example 10.00
                     */
                    amount: string;
                    /**
                     * Format: uri
                     * @description Webhook URL for this payment only
                     */
                    callbackUrl?: string;
                    /**
                     * @description What the payment is priced in: an asset the customer pays in (USDT, TON), or an ISO 4217 currency (EUR, USD, KZT, …) converted at a rate locked for the payment
                     * @example USDT
                     */
                    currency: string;
                    customer?: components["schemas"]["Customer"];
                    description?: string;
                    expiresInSeconds?: number;
                    /** @description Your order id; makes creation idempotent */
                    externalId?: string;
                    /**
                     * Format: uri
                     * @description Where the hosted page sends the customer after expiry or cancellation
                     */
                    failUrl?: string;
                    /**
                     * @default TON
                     * @constant
                     */
                    mainCurrency?: "TON";
                    metadata?: {
                        [key: string]: string;
                    };
                    /**
                     * Format: uri
                     * @description Where the hosted page returns the customer after paying
                     */
                    successUrl?: string;
                };
            };
        };
        PricingSettings: {
            content: {
                "application/json": {
                    /** @default [] */
                    manualRates?: components["schemas"]["ManualRate"][];
                    /**
                     * @description Two live sources further apart than this refuse a fiat invoice (503 RATE_UNAVAILABLE)
                     * @default 2
                     */
                    maxDisagreementPercent?: string;
                    /**
                     * @description A live rate older than this is not used
                     * @default 900
                     */
                    maxRateAgeSeconds?: number;
                    /**
                     * @default live
                     * @enum {string}
                     */
                    rateMode?: "live" | "manual";
                    /**
                     * @description A payment short by at most this percent of its amount is paid (exchanges deduct fees)
                     * @default 0
                     */
                    shortTolerancePercent?: string;
                    /**
                     * @description What the store prices in: an asset (no conversion) or an ISO 4217 code
                     * @default USDT
                     * @example USDT
                     */
                    storeCurrency?: string;
                };
            };
        };
        RefundWalletRequestBody: {
            content: {
                "application/json": {
                    /** @description The connected wallet's address (raw or user-friendly): the store's receiving wallet */
                    from: string;
                    /**
                     * @description The network the connected wallet reported
                     * @enum {string}
                     */
                    network: "-239" | "-3";
                };
            };
        };
        StoreLogoBody: {
            content: {
                "application/json": {
                    /** Format: base64 */
                    data: string;
                    /** @enum {string} */
                    type: "image/png" | "image/jpeg";
                };
            };
        };
        StoreProfileBody: {
            content: {
                "application/json": {
                    /** @description An e-mail address or an https URL, for "Already paid? Contact …" on the checkout */
                    contact: "" | string;
                    name: string;
                };
            };
        };
        TimeZoneBody: {
            content: {
                "application/json": {
                    /**
                     * @description An IANA time zone name
                     * @example Europe/Berlin
                     */
                    timeZone: string;
                };
            };
        };
        /** @description Tips at the till: on or off, and the percent buttons */
        TipSettings: {
            content: {
                "application/json": {
                    enabled: boolean;
                    presets: number[];
                };
            };
        };
        WalletProofBody: {
            content: {
                "application/json": {
                    account: {
                        /** @description Raw form, 0:<64 hex digits>, as the wallet reports it */
                        address: string;
                        /** @description TON Connect's network id: -239 mainnet, -3 testnet */
                        chain: string;
                        /** @description Hex, when the wallet gives it */
                        publicKey?: string;
                        /** @description The wallet's state init, a base64 BOC */
                        walletStateInit?: string;
                    };
                    proof: components["schemas"]["TonProofReply"];
                    /** @description The wallet app that connected, to show */
                    walletName?: string;
                };
            };
        };
        WalletTransferRequestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The network the connected wallet reported
                     * @enum {string}
                     */
                    network: "-239" | "-3";
                    /** @description The connected wallet's address (raw or user-friendly) */
                    payer: string;
                };
            };
        };
        WidgetSessionRequest: {
            content: {
                "application/json": {
                    /** @description Origins allowed to frame the embedded page */
                    allowedOrigins?: string[];
                    /**
                     * @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)
                     * @example 10.00
                     */
                    amount: string;
                    /**
                     * Format: uri
                     * @description Webhook URL for this payment only
                     */
                    callbackUrl?: string;
                    /**
                     * @description What the payment is priced in: an asset the customer pays in (USDT, TON), or an ISO 4217 currency (EUR, USD, KZT, …) converted at a rate locked for the payment
                     * @example USDT
                     */
                    currency: string;
                    customer?: components["schemas"]["Customer"];
                    description?: string;
                    expiresInSeconds?: number;
                    /** @description Your order id; makes creation idempotent */
                    externalId?: string;
                    /**
                     * Format: uri
                     * @description Where the hosted page sends the customer after expiry or cancellation
                     */
                    failUrl?: string;
                    /**
                     * @default TON
                     * @constant
                     */
                    mainCurrency?: "TON";
                    metadata?: {
                        [key: string]: string;
                    };
                    /**
                     * Format: uri
                     * @description Where the hosted page returns the customer after paying
                     */
                    successUrl?: string;
                };
            };
        };
    };
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    sandboxBridgeEvents: {
        parameters: {
            query: {
                client_id: string;
                last_event_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            429: components["responses"]["RateLimited"];
        };
    };
    sandboxBridgeMessage: {
        parameters: {
            query: {
                client_id: string;
                to: string;
                topic?: string;
                ttl: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/plain": unknown;
            };
        };
        responses: {
            /** @description Queued */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Keys */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["ApiKey"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description The new key */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        apiKey: components["schemas"]["ApiKey"];
                        /** @description Shown only in this response */
                        key: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Only entries older than this seq */
                before?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            /** @description e.g. refund.create, transfer.dismissed, settings.change, api_key.revoke */
                            action: string;
                            /** @description 'owner', 'cashier:<name>', 'api' or 'service' */
                            actor: string;
                            at: string;
                            detail: {
                                [key: string]: unknown;
                            } | null;
                            seq: number;
                            target: string | null;
                        }[];
                        /** @description Pass as `before` for the next (older) page; null at the end */
                        nextBefore: number | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    downloadBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description application/vnd.sqlite3 attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getBackups: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Backups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        defaultFolder: string;
                        /** @description The folder's backups, newest first */
                        files: {
                            bytes: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            kind: "automatic" | "manual" | "before-migration" | "before-restore";
                            name: string;
                        }[];
                        /** @description The staged restore this start processed; null when there was none */
                        restoreAtStart: {
                            /** Format: date-time */
                            at: string;
                            /** @description The file set aside: the replaced ledger (applied) or the backup that was not used */
                            kept: string | null;
                            message: string;
                            /**
                             * @description applied; rejected (failed the checks at start, the ledger was kept); rolled-back (restored but would not open, the previous ledger was put back)
                             * @enum {string}
                             */
                            outcome: "applied" | "rejected" | "rolled-back";
                        } | null;
                        settings: {
                            /** @description Absolute path of the folder backups are written to */
                            folder: string;
                            /** @description How many automatic backups to keep; older ones are deleted */
                            keep: number;
                        };
                        state: {
                            lastFailure: {
                                /** Format: date-time */
                                at: string;
                                message: string;
                                /** @constant */
                                ok: false;
                            } | null;
                            lastSuccess: {
                                /** Format: date-time */
                                at: string;
                                bytes: number;
                                /** @description Full path of the backup written */
                                file: string;
                                /** @constant */
                                ok: true;
                            } | null;
                            /** @description When the next daily backup runs; null when none is scheduled */
                            nextDueAt: string | null;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    restoreFromBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A file listed in the backup folder */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Staged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        appliedAt: "next start";
                        payments: number;
                        schemaVersion: number;
                        /** @constant */
                        staged: true;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    runBackup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome (a failure too) and the screen after it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        outcome: {
                            /** Format: date-time */
                            at: string;
                            bytes: number;
                            /** @description Full path of the backup written */
                            file: string;
                            /** @constant */
                            ok: true;
                        } | {
                            /** Format: date-time */
                            at: string;
                            message: string;
                            /** @constant */
                            ok: false;
                        };
                        view: {
                            defaultFolder: string;
                            /** @description The folder's backups, newest first */
                            files: {
                                bytes: number;
                                /** Format: date-time */
                                createdAt: string;
                                /** @enum {string} */
                                kind: "automatic" | "manual" | "before-migration" | "before-restore";
                                name: string;
                            }[];
                            /** @description The staged restore this start processed; null when there was none */
                            restoreAtStart: {
                                /** Format: date-time */
                                at: string;
                                /** @description The file set aside: the replaced ledger (applied) or the backup that was not used */
                                kept: string | null;
                                message: string;
                                /**
                                 * @description applied; rejected (failed the checks at start, the ledger was kept); rolled-back (restored but would not open, the previous ledger was put back)
                                 * @enum {string}
                                 */
                                outcome: "applied" | "rejected" | "rolled-back";
                            } | null;
                            settings: {
                                /** @description Absolute path of the folder backups are written to */
                                folder: string;
                                /** @description How many automatic backups to keep; older ones are deleted */
                                keep: number;
                            };
                            state: {
                                lastFailure: {
                                    /** Format: date-time */
                                    at: string;
                                    message: string;
                                    /** @constant */
                                    ok: false;
                                } | null;
                                lastSuccess: {
                                    /** Format: date-time */
                                    at: string;
                                    bytes: number;
                                    /** @description Full path of the backup written */
                                    file: string;
                                    /** @constant */
                                    ok: true;
                                } | null;
                                /** @description When the next daily backup runs; null when none is scheduled */
                                nextDueAt: string | null;
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    saveBackupSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Absolute path of the folder backups are written to */
                    folder: string;
                    /** @description How many automatic backups to keep; older ones are deleted */
                    keep: number;
                };
            };
        };
        responses: {
            /** @description Saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        defaultFolder: string;
                        /** @description The folder's backups, newest first */
                        files: {
                            bytes: number;
                            /** Format: date-time */
                            createdAt: string;
                            /** @enum {string} */
                            kind: "automatic" | "manual" | "before-migration" | "before-restore";
                            name: string;
                        }[];
                        /** @description The staged restore this start processed; null when there was none */
                        restoreAtStart: {
                            /** Format: date-time */
                            at: string;
                            /** @description The file set aside: the replaced ledger (applied) or the backup that was not used */
                            kept: string | null;
                            message: string;
                            /**
                             * @description applied; rejected (failed the checks at start, the ledger was kept); rolled-back (restored but would not open, the previous ledger was put back)
                             * @enum {string}
                             */
                            outcome: "applied" | "rejected" | "rolled-back";
                        } | null;
                        settings: {
                            /** @description Absolute path of the folder backups are written to */
                            folder: string;
                            /** @description How many automatic backups to keep; older ones are deleted */
                            keep: number;
                        };
                        state: {
                            lastFailure: {
                                /** Format: date-time */
                                at: string;
                                message: string;
                                /** @constant */
                                ok: false;
                            } | null;
                            lastSuccess: {
                                /** Format: date-time */
                                at: string;
                                bytes: number;
                                /** @description Full path of the backup written */
                                file: string;
                                /** @constant */
                                ok: true;
                            } | null;
                            /** @description When the next daily backup runs; null when none is scheduled */
                            nextDueAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCashiers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cashiers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            createdAt: string;
                            hasPassphrase: boolean;
                            id: string;
                            lastSignInAt: string | null;
                            name: string;
                            revokedAt: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    createCashier: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Optional: lets the cashier sign in at /console/login with their name */
                    passphrase?: string;
                };
            };
        };
        responses: {
            /** @description The cashier and their sign-in link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        cashier: {
                            createdAt: string;
                            hasPassphrase: boolean;
                            id: string;
                            lastSignInAt: string | null;
                            name: string;
                            revokedAt: string | null;
                        };
                        loginLink: {
                            expiresAt: string;
                            /** @description /console/login?token=…, to append to the service URL */
                            path: string;
                        };
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeCashier: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createCashierLoginLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresAt: string;
                        /** @description /console/login?token=…, to append to the service URL */
                        path: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    setCashierPassphrase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    passphrase: string | null;
                };
            };
        };
        responses: {
            /** @description The cashier */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdAt: string;
                        hasPassphrase: boolean;
                        id: string;
                        lastSignInAt: string | null;
                        name: string;
                        revokedAt: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The catalogue */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Catalogue"];
                };
            };
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    updateCatalogue: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CatalogueUpdate"];
        responses: {
            /** @description The catalogue as saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Catalogue"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listOutgoingTransfers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recent outgoing transfers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OutgoingTransferList"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    reconcileWallet: {
        parameters: {
            query?: {
                /** @description The books to check: USDT (the default) or TON */
                asset?: "USDT" | "TON";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The verdict */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Reconciliation"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            /** @description CHAIN_UNAVAILABLE: the chain or the watcher could not be read up to date; try again */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamConsoleEvents: {
        parameters: {
            query?: {
                /** @description The last seq seen; replays what came after it */
                after?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getLedgerInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ledger */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LedgerInfo"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    createConsoleLoginLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link's path on this service */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        expiresAt: string;
                        /** @description /console/login?token=…, to append to the service URL */
                        path: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    consoleLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Logged out */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getConsolePassphrase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Its status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSet: boolean;
                        minLength: number;
                        updatedAt: string | null;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    setConsolePassphrase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassphrase?: string;
                    passphrase: string;
                };
            };
        };
        responses: {
            /** @description Set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSet: boolean;
                        minLength: number;
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeConsolePassphrase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassphrase: string;
                };
            };
        };
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        isSet: boolean;
                        minLength: number;
                        updatedAt: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listConsolePayments: {
        parameters: {
            query?: {
                /** @description Inclusive, ISO date or date-time */
                createdFrom?: string;
                /** @description Exclusive, ISO date or date-time */
                createdTo?: string;
                /** @description Only payments in this asset */
                currency?: "USDT" | "TON";
                cursor?: string;
                /** @description Count test payments (the widget preview's, the demo shop's) too; left out by default */
                includeTest?: "true" | "false";
                limit?: number;
                /** @description A payment id, a memo, the start of an externalId, or an amount (in each asset's decimals) */
                q?: string;
                status?: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["PaymentRow"][];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    createConsoleInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)
                     * @example 10.00
                     */
                    amount: string;
                    /**
                     * @description What the invoice is priced in (USDT unless said): an asset the customer pays in, or an ISO 4217 code converted at a locked rate into each accepted asset
                     * @default USDT
                     * @example USDT
                     */
                    currency?: string;
                    description?: string;
                    expiresInSeconds?: number;
                    externalId?: string;
                    /**
                     * @description The part of `amount` that is a tip (the till adds it to the subtotal), in the price's currency
                     * @example 10.00
                     */
                    tip?: string;
                };
            };
        };
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getConsolePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: components["schemas"]["PaymentTimelineEvent"][];
                        payment: components["schemas"]["Payment"];
                        /** @description Made to try the flow (the widget preview's, the demo shop's) */
                        test: boolean;
                        /** @description The part of the amount that was a tip at the till, when one was given */
                        tipAmount?: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    cancelConsolePayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    consoleRefundRate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Today's rate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundRate"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            /** @description RATE_UNAVAILABLE: no source gives a trustworthy rate now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    consoleListRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refunds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    consoleCreateRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateRefundRequest"];
        responses: {
            /** @description The refund, awaiting the wallet's signature */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            /** @description RATE_UNAVAILABLE: a fiat refund at today's rate, and no source gives one */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    consoleCancelRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The cancelled refund */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    consoleRefundWalletRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
                refundId: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["RefundWalletRequestBody"];
        responses: {
            /** @description Pass it to sendTransaction as it is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransferRequest"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            /** @description CHAIN_UNAVAILABLE: the chain is not open yet */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTillWalletSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TillWalletSession"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    startTillWalletSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TillWalletSession"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            /** @description CHAIN_UNAVAILABLE: the chain is not open yet */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endTillWalletSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ended, or there was none */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportPaymentsCsv: {
        parameters: {
            query?: {
                /** @description Inclusive, ISO date or date-time */
                createdFrom?: string;
                /** @description Exclusive, ISO date or date-time */
                createdTo?: string;
                /** @description Only payments in this asset */
                currency?: "USDT" | "TON";
                /** @description Count test payments (the widget preview's, the demo shop's) too; left out by default */
                includeTest?: "true" | "false";
                /** @description A payment id, a memo, the start of an externalId, or an amount (in each asset's decimals) */
                q?: string;
                status?: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getRatesHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rates health */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RatesHealth"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getCloseDayReport: {
        parameters: {
            query?: {
                /** @description A day (YYYY-MM-DD) in the store's time zone; today when omitted */
                date?: string;
                /** @description Count test payments (the widget preview's, the demo shop's) too; left out by default */
                includeTest?: "true" | "false";
                /** @description The last day of a range starting at `date` (inclusive, at most 366 days); one day when omitted */
                through?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report; saved as a file it is the JSON export */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CloseDayReport"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    exportCloseDayCsv: {
        parameters: {
            query?: {
                /** @description A day (YYYY-MM-DD) in the store's time zone; today when omitted */
                date?: string;
                /** @description Count test payments (the widget preview's, the demo shop's) too; left out by default */
                includeTest?: "true" | "false";
                /** @description The last day of a range starting at `date` (inclusive, at most 366 days); one day when omitted */
                through?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/csv */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    stageRestore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/octet-stream": unknown;
            };
        };
        responses: {
            /** @description Staged */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        appliedAt: "next start";
                        payments: number;
                        schemaVersion: number;
                        /** @constant */
                        staged: true;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelRestore: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Nothing staged any more */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getConsoleSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The session is valid */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The assets the store takes now (Settings → Payments), in the registry order */
                        acceptedAssets: ("USDT" | "TON")[];
                        mode: string;
                        /** @description 'owner', or the cashier's name */
                        name: string;
                        /** @constant */
                        ok: true;
                        /** @enum {string} */
                        role: "owner" | "cashier";
                        /** @description What the store prices in (Settings → Pricing): an asset code or an ISO 4217 code; cashiers' tills read it here */
                        storeCurrency: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Settings; the toncenter API key is never returned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    updateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowedOrigins: string[];
                    chain: {
                        /** @default  */
                        jettonMaster?: string;
                        /** @default  */
                        merchantAddress?: string;
                        mode: components["schemas"]["ChainMode"];
                        toncenterApiKey?: string;
                        /** @default  */
                        toncenterEndpoint?: string;
                    };
                    payments: {
                        acceptedAssets?: ("USDT" | "TON")[];
                        defaultExpirySeconds: number;
                        monitoringWindowSeconds: number;
                    };
                };
            };
        };
        responses: {
            /** @description The settings after saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    allowEmbeddingOrigin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    origin: string;
                };
            };
        };
        responses: {
            /** @description The settings after saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPricingSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The pricing settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    updatePricingSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["PricingSettings"];
        responses: {
            /** @description The pricing settings after saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricingSettings"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    dismissRefusedOrigin: {
        parameters: {
            query: {
                origin: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings after saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    restartRuntime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings after the restart: running equals saved */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Settings"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getStoreProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreProfile"];
                };
            };
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    updateStoreProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["StoreProfileBody"];
        responses: {
            /** @description The store profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreProfile"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    uploadStoreLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["StoreLogoBody"];
        responses: {
            /** @description The store profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreProfile"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeStoreLogo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The store profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreProfile"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getTimeZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The time zone */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeZoneSetting"];
                };
            };
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    updateTimeZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["TimeZoneBody"];
        responses: {
            /** @description The time zone after saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TimeZoneSetting"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getTipSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tip settings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TipSettings"];
                };
            };
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    updateTipSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["TipSettings"];
        responses: {
            /** @description The tip settings after saving */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TipSettings"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    validateSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    allowedOrigins: string[];
                    chain: {
                        /** @default  */
                        jettonMaster?: string;
                        /** @default  */
                        merchantAddress?: string;
                        mode: components["schemas"]["ChainMode"];
                        toncenterApiKey?: string;
                        /** @default  */
                        toncenterEndpoint?: string;
                    };
                    payments: {
                        acceptedAssets?: ("USDT" | "TON")[];
                        defaultExpirySeconds: number;
                        monitoringWindowSeconds: number;
                    };
                };
            };
        };
        responses: {
            /** @description Problems by field */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        problems: {
                            field: string;
                            message: string;
                        }[];
                        valid: boolean;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulatePayment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Defaults to what is still due (short: one base unit less)
                     * @example 10.00
                     */
                    amount?: string;
                    /**
                     * @default exact
                     * @enum {string}
                     */
                    case?: "exact" | "short" | "no-comment" | "zero-forward" | "comment-in-ref" | "fake-jetton" | "forged" | "bounced";
                    /** @description Defaults to the payment's memo */
                    comment?: string | null;
                    paymentId: string;
                };
            };
        };
        responses: {
            /** @description The transactions sent and the payment afterwards */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulationResult"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            /** @description SANDBOX_ONLY: the simulator exists only in sandbox chain mode */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulateRefund: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default exact
                     * @enum {string}
                     */
                    case?: "exact" | "short" | "wrong-memo" | "bounce";
                    refundId: string;
                };
            };
        };
        responses: {
            /** @description What was sent, and the refund afterwards */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SimulatedRefund"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            /** @description SANDBOX_ONLY: the simulator exists only in sandbox chain mode */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulateTonConnectWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default payer
                     * @enum {string}
                     */
                    account?: "payer" | "merchant";
                    /** @description The TON Connect universal link the app made */
                    link: string;
                };
            };
        };
        responses: {
            /** @description Connected */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulateWithdrawal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)
                     * @example 10.00
                     */
                    amount: string;
                    /** @description The recipient's address; defaults to the sandbox's exchange stand-in */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description What was sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WithdrawResult"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            /** @description SANDBOX_ONLY: the simulator exists only in sandbox chain mode */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getStats: {
        parameters: {
            query?: {
                days?: number;
                /** @description Count test payments (the widget preview's, the demo shop's) too; left out by default */
                includeTest?: "true" | "false";
                /** @description Date.getTimezoneOffset() of the console */
                tzOffset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Dashboard figures */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Stats"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    attachTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txHash: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default  */
                    note?: string;
                    paymentId: string;
                };
            };
        };
        responses: {
            /** @description The payment after crediting */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    dismissTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txHash: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    note: string;
                };
            };
        };
        responses: {
            /** @description The dismissed transfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnmatchedTransfer"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    restoreTransfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                txHash: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The transfer, unmatched again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UnmatchedTransfer"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listTransferDecisions: {
        parameters: {
            query?: {
                action?: "attached" | "dismissed" | "undone";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The history */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["TransferDecision"][];
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    listUnmatchedTransfers: {
        parameters: {
            query?: {
                limit?: number;
                /** @description An amount, a memo or part of the comment, the sender, or a customer's email */
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The inbox */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["InboxTransfer"][];
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getProvenWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The proven wallet, or null */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletProofView"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    proveReceivingWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WalletProofBody"];
        responses: {
            /** @description The proven wallet, now the receiving wallet */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletProofView"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description VALIDATION_ERROR: in sandbox mode, a wallet other than the sandbox merchant */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWalletProofPayload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payload to request ton_proof with */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletProofPayload"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getWatcherStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Watcher status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WatcherStatus"];
                };
            };
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getCallbackSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackSecret"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    rotateCallbackSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the old secret keeps signing beside the new one
                     * @default 24
                     */
                    graceHours?: number;
                };
            };
        };
        responses: {
            /** @description The new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CallbackSecret"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                cursor?: string;
                endpointId?: string;
                eventId?: string;
                /** @description Only deliveries of this event type */
                eventType?: "payment.created" | "payment.asset_chosen" | "payment.partially_paid" | "payment.paid" | "payment.overpaid" | "payment.late" | "payment.late_partially_paid" | "payment.expired" | "payment.cancelled" | "payment.credited_after_close" | "transfer.unmatched" | "transfer.attached" | "transfer.dismissed" | "transfer.restored" | "ledger.discrepancy" | "watcher.degraded" | "watcher.recovered" | "refund.created" | "refund.sent" | "refund.failed" | "refund.cancelled" | "webhook.test";
                limit?: number;
                paymentId?: string;
                /** @description Only deliveries in this state (retrying: tried, failed, due again; failed: given up) */
                state?: "pending" | "retrying" | "delivered" | "failed";
                status?: "pending" | "delivered" | "failed";
                /** @description callbacks: only deliveries to payments' callbackUrl; endpoints: only store-wide endpoints */
                target?: "endpoints" | "callbacks";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["WebhookDelivery"][];
                        nextCursor: string | null;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        attempts: components["schemas"]["WebhookAttempt"][];
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    redeliverDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delivery retried now, or the new one */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                        /** @description true: the same delivery, its next attempt brought forward to now */
                        retriedNow: boolean;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    enabled?: boolean;
                    /** @description Event types to receive; "*" means all payment and transfer events */
                    events: ("*" | "payment.created" | "payment.asset_chosen" | "payment.partially_paid" | "payment.paid" | "payment.overpaid" | "payment.late" | "payment.late_partially_paid" | "payment.expired" | "payment.cancelled" | "payment.credited_after_close" | "transfer.unmatched" | "transfer.attached" | "transfer.dismissed" | "transfer.restored" | "ledger.discrepancy" | "watcher.degraded" | "watcher.recovered" | "refund.created" | "refund.sent" | "refund.failed" | "refund.cancelled")[];
                    /**
                     * @description http(s) URL receiving POSTed events
                     * @example https://shop.example/webhooks/tontill
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint and its secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        /** @description Shown only in this response */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    enabled?: boolean;
                    /** @description Event types to receive; "*" means all payment and transfer events */
                    events?: ("*" | "payment.created" | "payment.asset_chosen" | "payment.partially_paid" | "payment.paid" | "payment.overpaid" | "payment.late" | "payment.late_partially_paid" | "payment.expired" | "payment.cancelled" | "payment.credited_after_close" | "transfer.unmatched" | "transfer.attached" | "transfer.dismissed" | "transfer.restored" | "ledger.discrepancy" | "watcher.degraded" | "watcher.recovered" | "refund.created" | "refund.sent" | "refund.failed" | "refund.cancelled")[];
                    /**
                     * @description http(s) URL receiving POSTed events
                     * @example https://shop.example/webhooks/tontill
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description The endpoint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description How long the old secret keeps signing beside the new one
                     * @default 24
                     */
                    graceHours?: number;
                };
            };
        };
        responses: {
            /** @description The endpoint and its new secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        /** @description Shown only in this response */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    sendTestWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queued delivery */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    redeliverEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /** @description Only this endpoint; default: current subscribers */
                    endpointId?: string;
                };
            };
        };
        responses: {
            /** @description The new deliveries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWidgetPreviewSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9)
                     * @default 10.00
                     * @example 10.00
                     */
                    amount?: string;
                    /**
                     * @description The asset the preview payment is in
                     * @default USDT
                     * @enum {string}
                     */
                    currency?: "USDT" | "TON";
                    description?: string;
                };
            };
        };
        responses: {
            /** @description A preview session */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetPreviewSession"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            /** @description SANDBOX_ONLY: the service runs on mainnet */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    consoleLogin: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in page (HTML) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Signed in; redirect to the console */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            /** @description The link was used or has expired (HTML page) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            421: components["responses"]["HostNotAllowed"];
            429: components["responses"]["RateLimited"];
        };
    };
    consolePassphraseLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": unknown;
            };
        };
        responses: {
            /** @description Signed in; redirect to the console */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            /** @description Wrong passphrase, or none is set (HTML page) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            421: components["responses"]["HostNotAllowed"];
            /** @description Too many wrong passphrases from this address (HTML page) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            503: components["responses"]["Unavailable"];
            /** @description Nothing else: success is the redirect above (a browser form, not an API call) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createInvoice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DepositRequest"];
        responses: {
            /** @description The invoice */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createReceivingAddress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DepositRequest"];
        responses: {
            /** @description Payment instructions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReceivingAddress"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    cancelPayment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The cancelled payment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Payment"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listRefunds: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The refunds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefundList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    createRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["CreateRefundRequest"];
        responses: {
            /** @description The refund, awaiting the wallet's signature */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelRefund: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
                refundId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The cancelled refund */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refund"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPayments: {
        parameters: {
            query?: {
                createdFrom?: string;
                createdTo?: string;
                cursor?: string;
                externalId?: string;
                limit?: number;
                status?: "pending" | "partially_paid" | "paid" | "expired" | "cancelled";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of payments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PaymentList"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
        };
    };
    listStoreWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Endpoints */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            429: components["responses"]["RateLimited"];
        };
    };
    addStoreWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    description?: string | null;
                    enabled?: boolean;
                    /** @description Event types to receive; "*" means all payment and transfer events */
                    events: ("*" | "payment.created" | "payment.asset_chosen" | "payment.partially_paid" | "payment.paid" | "payment.overpaid" | "payment.late" | "payment.late_partially_paid" | "payment.expired" | "payment.cancelled" | "payment.credited_after_close" | "transfer.unmatched" | "transfer.attached" | "transfer.dismissed" | "transfer.restored" | "ledger.discrepancy" | "watcher.degraded" | "watcher.recovered" | "refund.created" | "refund.sent" | "refund.failed" | "refund.cancelled")[];
                    /**
                     * @description http(s) URL receiving POSTed events
                     * @example https://shop.example/webhooks/tontill
                     */
                    url: string;
                };
            };
        };
        responses: {
            /** @description The endpoint and its secret */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        endpoint: components["schemas"]["WebhookEndpoint"];
                        /** @description Shown only in this response */
                        secret: string;
                    };
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    removeStoreWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    createHostedDeposit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["DepositRequest"];
        responses: {
            /** @description The payment and its hosted page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HostedDeposit"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWidgetSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WidgetSessionRequest"];
        responses: {
            /** @description A fresh EPP signature */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetSession"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSandboxSignature: {
        parameters: {
            query?: {
                allowedOrigins?: string;
                /** @description Decimal amount as a string, in the payment's currency, up to its decimals (USDT 6, TON 9) */
                amount?: string;
                /** @description The asset the payment is in */
                currency?: "USDT" | "TON";
                externalId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A short-lived EPP signature */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetSession"];
                };
            };
            400: components["responses"]["ValidationError"];
            401: components["responses"]["Unauthorized"];
            /** @description SANDBOX_ONLY: the service runs on mainnet */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
        };
    };
    showPaymentPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The checkout page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description No such payment (a readable page) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            429: components["responses"]["RateLimited"];
            /** @description The checkout is not built on this server */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
        };
    };
    chooseCheckoutCurrency: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    currency: "USDT" | "TON";
                };
            };
        };
        responses: {
            /** @description The checkout status in the chosen asset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutStatus"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    streamPaymentStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": unknown;
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    showReceipt: {
        parameters: {
            query?: {
                /** @description Layout: 80mm (default), 58mm or a4; an unknown value is 80mm */
                paper?: "80mm" | "58mm" | "a4";
            };
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipt page (no script) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description "No receipt yet" (not paid) or "Receipt not found" */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    payInSandbox: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Status after the watcher saw the transfer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutStatus"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCheckoutStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Checkout status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CheckoutStatus"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
        };
    };
    createWalletTransferRequest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                paymentId: string;
            };
            cookie?: never;
        };
        requestBody: components["requestBodies"]["WalletTransferRequestBody"];
        responses: {
            /** @description Pass it to sendTransaction as it is */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WalletTransferRequest"];
                };
            };
            400: components["responses"]["ValidationError"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            429: components["responses"]["RateLimited"];
            /** @description CHAIN_UNAVAILABLE: the chain cannot be read right now */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getTonConnectManifest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The manifest */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TonConnectManifest"];
                };
            };
            429: components["responses"]["RateLimited"];
        };
    };
    checkEmbedding: {
        parameters: {
            query: {
                /** @description The EPP signature the container carries */
                signature: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calling page may embed the checkout */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmbedCheck"];
                };
            };
            /** @description Malformed signature (INVALID_SIGNATURE), or no Origin header (VALIDATION_ERROR) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description ORIGIN_NOT_ALLOWED: the calling page may not embed it (the console lists the origin for approval); INVALID_SIGNATURE */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The signed payment does not exist */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description SIGNATURE_EXPIRED */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Rate limited */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadWidgetPackage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A version listed by /widgets/versions.json */
                version: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tarball */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/gzip": unknown;
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    listWidgetVersions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The builds, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetVersions"];
                };
            };
            404: components["responses"]["NotFound"];
        };
    };
    onLedgerDiscrepancy: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Reconciliation"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "ledger.discrepancy";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentAssetChosen: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.asset_chosen";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentCancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.cancelled";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.created";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentCreditedAfterClose: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.credited_after_close";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentExpired: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.expired";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentLate: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.late";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentLatePartiallyPaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.late_partially_paid";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentOverpaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.overpaid";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentPaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.paid";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentPartiallyPaid: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["Payment"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "payment.partially_paid";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundCancelled: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["RefundEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "refund.cancelled";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundCreated: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["RefundEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "refund.created";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundFailed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["RefundEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "refund.failed";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onRefundSent: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["RefundEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "refund.sent";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransferAttached: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["TransferDecisionEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "transfer.attached";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransferDismissed: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["TransferDecisionEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "transfer.dismissed";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransferRestored: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["TransferDecisionEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "transfer.restored";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onTransferUnmatched: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["UnmatchedTransfer"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "transfer.unmatched";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWatcherDegraded: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["WatcherFailoverEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "watcher.degraded";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWatcherRecovered: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["WatcherFailoverEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "watcher.recovered";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description This delivery (`whd_…`); a redelivery gets a new one
                 * @example whd_…
                 */
                "TonTill-Delivery-Id": string;
                /**
                 * @description The event id (`evt_…`), the same on every retry and redelivery: ignore duplicates by it
                 * @example evt_…
                 */
                "TonTill-Event-Id": string;
                /**
                 * @description `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`; during a secret rotation a second `v1` (the old secret). Accept the delivery if any `v1` matches, and refuse a `t` older than about 5 minutes.
                 * @example t=1795262400,v1=5f2b…
                 */
                "TonTill-Signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the event happened (not when this attempt was sent)
                     */
                    createdAt: string;
                    data: components["schemas"]["WebhookTestEventData"];
                    /** @description The event id (`evt_…`), also in the TonTill-Event-Id header: the same on every retry */
                    id: string;
                    /** @constant */
                    type: "webhook.test";
                };
            };
        };
        responses: {
            /** @description Received: any 2xx within 10 seconds ends the delivery */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Anything else (or no answer) is retried with backoff for three days */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
