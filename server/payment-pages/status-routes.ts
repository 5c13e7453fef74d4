import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import { errors } from '../http/responses';
import { addRoute, parsePart } from '../http/route';
import { CheckoutViewSchema, type CheckoutView } from '../../contract/checkout';
import { PaymentIdParamsSchema, type PublicPayment } from '../../contract/payments';
import { isPublicPayment, toCheckoutView } from './checkout-view';
import { openEventStream, SseHub, sseFrame } from './sse-hub';

const TAGS = ['Checkout (public)'];
/** Tell EventSource how soon to reconnect after a dropped stream. */
const RETRY_MS = 3_000;

/** Public, keyed by the unguessable payment id: the status JSON, its live stream, and the sandbox pay button. */
export async function statusRoutes(app: FastifyInstance, opts: { hub?: SseHub }): Promise<void> {
  const { services } = app;
  const hub = opts.hub ?? new SseHub();
  const inFlight = new Set<string>();
  const view = async (id: string): Promise<CheckoutView> =>
    toCheckoutView(await services.payments.view(id), services.clock.now());
  /** What a new stream starts with: a change committed while the view was being read wins over the read. */
  const openingView = async (id: string): Promise<CheckoutView> => {
    let changed: PublicPayment | null = null;
    const off = services.bus.onCommitted((event) => {
      if (event.paymentId === id && isPublicPayment(event.data, id)) changed = event.data;
    });
    try {
      const read = await view(id);
      return changed ? toCheckoutView(changed, services.clock.now()) : read;
    } finally {
      off();
    }
  };

  const unsubscribe = services.bus.onCommitted((event) => {
    const id = event.paymentId;
    if (id && hub.has(id) && isPublicPayment(event.data, id))
      hub.send(id, 'status', toCheckoutView(event.data, services.clock.now()));
  });
  // preClose, not onClose: Fastify waits for open responses before it runs onClose hooks.
  app.addHook('preClose', async () => {
    unsubscribe();
    hub.closeAll();
  });

  addRoute(app, {
    method: 'GET',
    url: '/pay/:paymentId/status',
    operationId: 'getCheckoutStatus',
    tags: TAGS,
    auth: 'public',
    summary:
      'What the checkout page shows: amount due, wallet address, memo, links, expiry and status. No customer data.',
    params: PaymentIdParamsSchema,
    responses: { 200: { description: 'Checkout status', schema: CheckoutViewSchema }, ...errors(404) },
    handler: ({ params }) => view(params.paymentId),
  });

  app.get('/pay/:paymentId/events', { config: { auth: 'public' } }, async (request, reply) => {
    const { paymentId } = parsePart(PaymentIdParamsSchema, request.params, 'params');
    const first = await openingView(paymentId);
    if (!hub.canAccept(paymentId))
      throw new AppError(
        429,
        ErrorCode.rateLimited,
        'too many open status streams; poll /pay/{paymentId}/status instead',
      );
    const res = openEventStream(request, reply, RETRY_MS);
    if (!res) return;
    res.write(sseFrame('status', first));
    hub.add(paymentId, res);
  });

  addRoute(app, {
    method: 'POST',
    url: '/pay/:paymentId/sandbox-pay',
    operationId: 'payInSandbox',
    tags: TAGS,
    auth: 'public',
    summary:
      'Sandbox only (404 otherwise): pay what is due from the sandbox test wallet with a real emulated transfer.',
    params: PaymentIdParamsSchema,
    responses: {
      200: { description: 'Status after the watcher saw the transfer', schema: CheckoutViewSchema },
      ...errors(404, 409),
    },
    handler: async ({ params }) => sandboxPay(app, inFlight, params.paymentId),
  });
}

async function sandboxPay(app: FastifyInstance, inFlight: Set<string>, paymentId: string): Promise<CheckoutView> {
  const noRoute = () => new AppError(404, ErrorCode.notFound, `no route for POST /pay/${paymentId}/sandbox-pay`);
  // The mode first: outside sandbox there is nothing to wait for, and a chain that cannot be reached must not turn the 404 into a 500.
  // Asked at each request, since a restart in place may change the mode.
  if (app.runtime?.info.mode !== 'sandbox') throw noRoute();
  const simulator = await app.runtime.sandboxSimulator();
  if (!simulator) throw noRoute();
  const payment = await app.services.payments.get(paymentId);
  if (payment.status !== 'pending' && payment.status !== 'partially_paid') {
    throw new AppError(409, ErrorCode.invalidTransition, `payment is ${payment.status}; there is nothing left to pay`);
  }
  if (inFlight.has(paymentId))
    throw new AppError(409, ErrorCode.invalidTransition, 'a test payment for this payment is already being sent');
  inFlight.add(paymentId);
  try {
    const result = await simulator.pay({ paymentId });
    return toCheckoutView(result.payment, app.services.clock.now());
  } finally {
    inFlight.delete(paymentId);
  }
}
