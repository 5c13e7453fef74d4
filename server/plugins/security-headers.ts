import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** API responses are data, never documents: nothing may render, run or frame them. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Hijacked replies skip the onSend hook, so an event stream carries the same protective headers itself. */
export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-store',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': API_CSP,
} as const;

/** Every response carries these; the last two only where a page or asset has not set its own. */
const ALWAYS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
const DEFAULTS = { 'Content-Security-Policy': API_CSP, 'Cache-Control': 'no-store' };

/** The whole set for a JSON answer, for the answers sent where no hook runs (router and parser errors). */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = { ...ALWAYS, ...DEFAULTS };

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook, not an async one: it runs on every response, and a promise per response showed in profiles.
    app.addHook('onSend', (_request, reply, payload, done) => {
      reply.headers(ALWAYS);
      // Pages that are meant to be framed or run scripts set their own policy before this hook.
      if (!reply.hasHeader('Content-Security-Policy')) reply.header('Content-Security-Policy', API_CSP);
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
