# TonTill's service for a server: the API, the checkout pages and the console, without the desktop app.
# compose.yaml runs three of these on one PostgreSQL ledger (README.md, "Running on PostgreSQL").
# Written and reviewed, but never built: the machine it was written on has no Docker daemon and no network.

FROM node:20-bookworm-slim AS build
# better-sqlite3 downloads a prebuilt binary; these compile it where none fits the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Electron is a devDependency (the desktop app): its package installs, its 100 MB binary does not.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# What `npm run serve` serves (dist/server, dist/web, dist/console), built as scripts/run-built.mjs builds
# it, build stamps included, so a container never builds at start. Then the build tools go.
RUN node --input-type=module \
      -e "import { ensureBuilt } from './scripts/build-freshness.mjs'; ensureBuilt(process.cwd(), ['server', 'web', 'console'])" \
 && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
# run-built.mjs re-stamps a build whose sources have new mtimes but the same content: dist/ must be writable.
COPY --from=build --chown=node:node /app/dist /app/dist
# The data directory (config.json, service.json, tontill.lock; the ledger too when no database URL is set).
RUN mkdir -m 700 /data && chown node:node /data
VOLUME /data
USER node
# Reachable from other containers (a reverse proxy); publish the port only to that proxy.
ENV TONTILL_HOST=0.0.0.0
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:8787/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "scripts/run-built.mjs", "serve", "--data-dir", "/data", "--port", "8787"]
