import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { LiveQuerySchema, type LiveChange, type LiveEventName, type LiveEvents } from '../../contract/console-live';
import type { PublicPayment } from '../../contract/payments';
import { RefundSchema, type PublicRefund, type RefundEventData } from '../../contract/refunds';
import type { BackupService } from '../backups/backup-service';
import type { StoredEvent } from '../storage/records';
import { consoleTokenOf } from '../auth/guards';
import { AppError, ErrorCode } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute, parsePart } from '../http/route';
import { isPublicPayment } from '../payment-pages/checkout-view';
import { openEventStream, SseHub, sseFrame } from '../payment-pages/sse-hub';
import { presentPaymentRow } from './console-queries';

const KEY = 'console';
/** Tell EventSource how soon to reconnect after a dropped stream. */
const RETRY_MS = 2_000;
/** Past this many missed events a client reloads its screens instead (a resync frame). */
export const MAX_REPLAY = 500;
/** Console tabs are few; the limit only stops a runaway client. */
export const CONSOLE_SSE_LIMITS = { perKey: 64, total: 64, heartbeatMs: 15_000 };

const frame = <E extends LiveEventName>(event: E, data: LiveEvents[E], id: number): string => sseFrame(event, data, id);

/** Last-Event-ID (an EventSource reconnecting by itself) wins over `?after=` (a new EventSource). */
function resumeFrom(request: { headers: Record<string, unknown>; query: unknown }): number | null {
  const header = request.headers['last-event-id'];
  if (typeof header === 'string' && /^\d{1,15}$/.test(header.trim())) return Number(header.trim());
  return parsePart(LiveQuerySchema, request.query, 'query').after ?? null;
}

/**
 * One stream of every committed store event for the console's screens. Frames are built one at a
 * time in commit order (a queue), and a new stream joins inside that queue: it is sent what the log
 * holds up to the last event the queue has handled, then everything after comes live, with no gap
 * and no repeat.
 */
export async function consoleLiveRoutes(
  app: FastifyInstance,
  opts: { hub?: SseHub; backups?: BackupService | null },
): Promise<void> {
  const { services } = app;
  const hub = opts.hub ?? new SseHub(CONSOLE_SSE_LIMITS);
  let handled = await services.eventFeed.lastSeq();
  let queue: Promise<void> = Promise.resolve();
  const enqueue = (job: () => Promise<void>) => {
    queue = queue.then(job).catch((err: unknown) => app.log.error({ err }, 'console live stream'));
  };

  const toChange = async (event: StoredEvent, unmatched: number): Promise<LiveChange> => {
    const refund = refundOf(event);
    // a refund event reports its payment's new state beside the refund (refundedAmount moves)
    const reported = refund ? (event.data as RefundEventData).payment : event.data;
    const payment: PublicPayment | null =
      event.paymentId && isPublicPayment(reported, event.paymentId) ? reported : null;
    const record = payment ? await services.payments.find(payment.id) : null;
    return {
      seq: event.seq,
      eventId: event.id,
      type: event.type,
      createdAt: new Date(event.createdAt).toISOString(),
      paymentId: event.paymentId,
      payment,
      // the row as the event left it; seq (the list's order) is the payment's own
      row: payment && record ? { ...presentPaymentRow(record), ...rowFields(payment) } : null,
      refund,
      unmatched,
    };
  };

  /** each open stream's session: a session that ended (logout, expiry) gets no more frames */
  const sessions = new Map<ServerResponse, string>();
  const endStale = async () => {
    for (const [res, token] of sessions) if (!(await services.sessions.isValid(token))) res.end();
  };

  const unsubscribe = services.bus.onCommitted((event) =>
    enqueue(async () => {
      if (hub.has(KEY)) {
        await endStale();
        hub.write(KEY, frame('change', await toChange(event, await services.ledger.countUnmatched()), event.seq));
      }
      handled = Math.max(handled, event.seq);
    }),
  );
  // A backup's outcome is no store event (it never reaches the event log or webhooks): a frame
  // without an id, so a reconnecting stream still resumes from the last store event.
  const unsubscribeBackups = opts.backups?.onOutcome((outcome) =>
    enqueue(async () => {
      if (!hub.has(KEY)) return;
      await endStale();
      hub.write(KEY, sseFrame('backup', outcome));
    }),
  );
  // preClose, not onClose: Fastify waits for open responses before it runs onClose hooks.
  app.addHook('preClose', async () => {
    unsubscribe();
    unsubscribeBackups?.();
    hub.closeAll();
  });

  const join = async (res: ServerResponse, token: string, from: number | null): Promise<void> => {
    const unmatched = await services.ledger.countUnmatched();
    const missed = from === null || from >= handled ? [] : await services.eventFeed.after(from, MAX_REPLAY + 1);
    const caughtUp = missed.filter((e) => e.seq <= handled);
    if (from !== null && from > handled) {
      res.write(frame('resync', { seq: handled, unmatched, reason: 'unknown-position' }, handled));
    } else if (caughtUp.length > MAX_REPLAY) {
      res.write(frame('resync', { seq: handled, unmatched, reason: 'too-far-behind' }, handled));
    } else {
      for (const event of caughtUp) res.write(frame('change', await toChange(event, unmatched), event.seq));
    }
    res.write(
      frame(
        'ready',
        { seq: handled, unmatched, replayed: caughtUp.length <= MAX_REPLAY ? caughtUp.length : 0 },
        handled,
      ),
    );
    if (res.destroyed || res.writableEnded) return;
    hub.add(KEY, res);
    sessions.set(res, token);
    res.once('close', () => sessions.delete(res));
  };

  addRoute(app, {
    method: 'GET',
    url: '/events',
    operationId: 'streamConsoleEvents',
    tags: ['Console: live'],
    auth: 'staff',
    summary: 'Every committed store event as Server-Sent Events, for the console screens',
    description:
      'A `ready` frame, then one `change` frame per event (`id:` is its seq). Reconnecting with `Last-Event-ID` or `?after=` replays what was missed, or sends `resync` when too much was.',
    query: LiveQuerySchema,
    responses: { 200: { description: 'text/event-stream' }, ...errors(429) },
    handler: async (_input, request, reply) => {
      const from = resumeFrom(request);
      // the guard has checked it: a console route (here 'staff') runs only with a valid session
      const token = consoleTokenOf(request)!;
      if (!hub.canAccept(KEY))
        throw new AppError(429, ErrorCode.rateLimited, 'too many open console streams; close some console tabs');
      const res = openEventStream(request, reply, RETRY_MS);
      if (!res) return;
      await new Promise<void>((resolve) =>
        enqueue(async () => {
          try {
            await join(res, token, from);
          } finally {
            resolve();
          }
        }),
      );
    },
  });
}

/** What a payments-table row shows, taken from the payment as the event reported it. */
function rowFields(p: PublicPayment) {
  return {
    status: p.status,
    amount: p.amount,
    paidAmount: p.paidAmount,
    overpaidAmount: p.overpaidAmount,
    refundedAmount: p.refundedAmount,
    externalId: p.externalId,
    memo: p.memo,
    description: p.description,
    late: p.late,
    createdAt: p.createdAt,
    paidAt: p.paidAt,
    expiresAt: p.expiresAt,
  };
}

/** The refund a refund.* event reports, as the console shows it; null for any other event. */
function refundOf(event: StoredEvent): PublicRefund | null {
  if (!event.type.startsWith('refund.') || !event.data || typeof event.data !== 'object') return null;
  const parsed = RefundSchema.safeParse((event.data as Partial<RefundEventData>).refund);
  return parsed.success && parsed.data.paymentId === event.paymentId ? parsed.data : null;
}
