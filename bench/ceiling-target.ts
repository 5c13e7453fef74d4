import Fastify from 'fastify';

/**
 * The ceiling: an empty Fastify route, in a process of its own so it shares a core with neither
 * the load generator nor the service.
 */
async function main(): Promise<void> {
  const ceiling = Fastify({ logger: false });
  ceiling.get('/empty', async () => ({ ok: true }));
  process.stdout.write(`${JSON.stringify({ ceilingUrl: await ceiling.listen({ host: '127.0.0.1', port: 0 }) })}\n`);
  process.on('SIGTERM', () => {
    void ceiling.close().then(() => process.exit(0));
  });
}

void main();
