import http from 'node:http';
import https from 'node:https';

export const RESPONSE_BODY_LIMIT = 4096;

export interface SendRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

export interface SendResult {
  statusCode: number | null;
  /** at most RESPONSE_BODY_LIMIT bytes, decoded as UTF-8 */
  responseBody: string | null;
  error: string | null;
}

/**
 * POSTs JSON over keep-alive connections. Never throws: a network error, a timeout or an abort
 * comes back as `error` with no status code.
 */
export class HttpSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(maxSockets = 64) {
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets, scheduling: 'lifo' });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets, scheduling: 'lifo' });
  }

  send(req: SendRequest): Promise<SendResult> {
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: SendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.signal?.removeEventListener('abort', onAbort);
        resolve(result);
      };
      const url = new URL(req.url);
      const transport = url.protocol === 'https:' ? https : http;
      const request = transport.request(
        url,
        {
          method: 'POST',
          agent: url.protocol === 'https:' ? this.httpsAgent : this.httpAgent,
          headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk.subarray(0, RESPONSE_BODY_LIMIT - size));
            size += chunk.length;
          });
          response.on('end', () =>
            finish({
              statusCode: response.statusCode ?? null,
              responseBody: Buffer.concat(chunks).toString('utf8'),
              error: null,
            }),
          );
          response.on('error', (err) => finish({ statusCode: null, responseBody: null, error: describe(err) }));
        },
      );
      const timer = setTimeout(() => {
        finish({ statusCode: null, responseBody: null, error: `timeout after ${req.timeoutMs} ms` });
        request.destroy();
      }, req.timeoutMs);
      const onAbort = () => {
        finish({ statusCode: null, responseBody: null, error: 'aborted' });
        request.destroy();
      };
      req.signal?.addEventListener('abort', onAbort, { once: true });
      if (req.signal?.aborted) onAbort();
      request.on('error', (err) => finish({ statusCode: null, responseBody: null, error: describe(err) }));
      request.end(req.body);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message}` : String(e.message ?? err);
}
