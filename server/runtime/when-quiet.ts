import type { Server } from 'node:http';

/**
 * Resolves once no request has been in flight on `server` for `quietMs`, or after `maxWaitMs`
 * whatever the traffic: background work that would hold the event loop for a while (loading the
 * chain emulator) lets the requests of the first moments go first, but is never starved.
 * Counts requests from the call on, so call it as soon as the server listens.
 */
export function whenQuiet(server: Server, quietMs: number, maxWaitMs: number): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    let quiet: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(deadline);
      server.off('request', onRequest);
      resolve();
    };
    const waitForQuiet = () => {
      clearTimeout(quiet);
      if (inFlight === 0) quiet = setTimeout(done, quietMs);
    };
    const onRequest = (_request: unknown, response: NodeJS.EventEmitter) => {
      inFlight += 1;
      clearTimeout(quiet);
      response.once('close', () => {
        inFlight -= 1;
        waitForQuiet();
      });
    };
    const deadline = setTimeout(done, maxWaitMs);
    server.on('request', onRequest);
    waitForQuiet();
  });
}
