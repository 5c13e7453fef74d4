import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '../http/errors';
import type { WebAsset, WebAssets } from './web-assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index-latest.js and versions.json: merchants pick up a new build within minutes. */
const SHORT = 'public, max-age=300';

function sendAsset(
  request: FastifyRequest,
  reply: FastifyReply,
  asset: WebAsset,
  cache: string,
  crossOrigin: boolean,
): FastifyReply {
  reply.header('Cache-Control', cache).header('ETag', asset.etag);
  // Merchant pages load the widget from another origin, with SRI (which needs CORS) if they pin it.
  if (crossOrigin)
    reply.header('Access-Control-Allow-Origin', '*').header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  return reply.type(asset.type).send(asset.body);
}

const unavailable = (): AppError =>
  new AppError(404, ErrorCode.notFound, 'the checkout and widget are not built on this server');

/** Built checkout files (content-hashed, immutable) and the widget script: latest, pinned versions and their SRI hashes. */
export async function assetRoutes(app: FastifyInstance, opts: { assets: WebAssets | null }): Promise<void> {
  const { assets } = opts;
  const noLimit = { config: { auth: 'public', rateLimit: false } } as const;

  app.get('/assets/:file', noLimit, (request, reply) => {
    const asset = assets?.byUrl.get(request.url.split('?')[0] ?? '');
    if (!asset) throw new AppError(404, ErrorCode.notFound, 'no such asset');
    return sendAsset(request, reply, asset, IMMUTABLE, false);
  });

  app.get('/widgets/versions.json', noLimit, (_request, reply) => {
    if (!assets) throw unavailable();
    const versions = [...assets.widgets.values()]
      .map((w) => ({ version: w.version, url: `/widgets/index-${w.version}.js`, integrity: w.integrity }))
      .sort((a, b) => b.version.localeCompare(a.version, 'en', { numeric: true }));
    return reply
      .header('Cache-Control', SHORT)
      .header('Access-Control-Allow-Origin', '*')
      .send({ latest: assets.widgetLatest.version, latestUrl: '/widgets/index-latest.js', versions });
  });

  app.get('/widgets/:file', noLimit, (request, reply) => {
    if (!assets) throw unavailable();
    const { file } = request.params as { file: string };
    if (file === 'index-latest.js') return sendAsset(request, reply, assets.widgetLatest, SHORT, true);
    const version = /^index-(.+)\.js$/.exec(file)?.[1];
    const pinned = version ? assets.widgets.get(version) : undefined;
    if (!pinned) throw new AppError(404, ErrorCode.notFound, `no widget build ${file}; see /widgets/versions.json`);
    return sendAsset(request, reply, pinned, IMMUTABLE, true);
  });
}
