import scalarApiReference from '@scalar/fastify-api-reference';
import Fastify from 'fastify';

/**
 * The API reference's browser bundle: Scalar's standalone build, as its Fastify integration (a
 * devDependency) serves it at <prefix>/js/scalar.js. Taken from there at build time so the service
 * ships one static file (dist/web/docs/scalar.js) and runs no Scalar code itself. The integration
 * is used because the @scalar/api-reference package, which also has the file, pulls in ~280 packages.
 */
export async function scalarStandaloneBundle(): Promise<Buffer> {
  const app = Fastify();
  try {
    await app.register(scalarApiReference, { routePrefix: '/reference', configuration: { url: '/openapi.json' } });
    const res = await app.inject('/reference/js/scalar.js');
    if (res.statusCode !== 200 || !String(res.headers['content-type']).includes('javascript')) {
      throw new Error(`@scalar/fastify-api-reference served no bundle at /reference/js/scalar.js (${res.statusCode})`);
    }
    return res.rawPayload;
  } finally {
    await app.close();
  }
}
