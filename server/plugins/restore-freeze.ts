import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { allowedWhileRestorePending } from '../db/restore-gate';
import { AppError, ErrorCode } from '../http/errors';

/**
 * Refuses every change while a restore is staged. A preHandler, not onRequest: it runs right before
 * the handler, after the body is read, so no request that passes it can still be waiting to write
 * when the restore route drains the writes in flight. That holds because a handler that changes
 * something asks for its one unit of work before its first await (the drain waits for every write
 * asked for before it); a handler that read first and wrote after could write past the drain.
 */
export const restoreFreezePlugin = fp(
  async (app: FastifyInstance) => {
    const gate = app.services.restore;
    app.addHook('preHandler', (request, _reply, done) => {
      if (!gate.pending || allowedWhileRestorePending(request.method, request.url.split('?')[0]!)) return done();
      done(
        new AppError(
          503,
          ErrorCode.restorePending,
          'a backup is staged to be restored at the next start; no change is accepted until then. Restart TonTill to apply it, or cancel it in the console',
        ),
      );
    });
  },
  { name: 'restore-freeze' },
);
