# syntax=docker/dockerfile:1.7
# Live Connect: one image for the API (which also serves the built web app) and the migration job.
#
#   docker build -t live-connect:$(git rev-parse --short HEAD) .
#
# Node runs the API's TypeScript itself, stripping the types as it loads each file (docs/decisions/034),
# so the image ships the sources and the production node_modules, not a bundle.
# See docs/deploy.md.

ARG NODE_VERSION=22

# 1. Every dependency (dev included) from the lockfile: what building the web app needs.
FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# 2. The web app, built once: apps/web/dist.
FROM deps AS web
COPY tsconfig.base.json ./
COPY packages/contracts packages/contracts
COPY apps/web apps/web
RUN npm run build --workspace @app/web

# 3. Only what the API needs at run time: the production dependencies of @app/api and of the
#    packages it uses (prom-client, argon2 and sharp with their linux binaries, pg, PGlite…);
#    no vite, vitest, typescript, React or Playwright.
FROM node:${NODE_VERSION}-bookworm-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/db/package.json packages/db/
COPY e2e/package.json e2e/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --workspace @app/api --no-audit --no-fund

# 4. The image that runs.
FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_CACHE=/tmp/.npm
WORKDIR /app
# Debian's ffmpeg: the worker transcodes uploaded videos into HLS renditions with it.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ffmpeg \
 && rm -rf /var/lib/apt/lists/*
# Owned by root and read-only to the app user: the code cannot be changed by the process running it.
COPY --from=prod-deps /app ./
COPY scripts/run-ts.mjs scripts/
COPY packages/contracts/src packages/contracts/src
COPY packages/db/src packages/db/src
COPY apps/api/src apps/api/src
COPY --from=web /app/apps/web/dist apps/web/dist
# DATA_DIR (PGlite in a single-machine setup, default uploads) and /srv/uploads (a file:// STORAGE_URL
# folder, for a single host without a bucket) belong to the app user.
RUN mkdir -p /data /srv/uploads && chown node:node /data /srv/uploads
VOLUME ["/data"]

# The `node` user of the official image (uid/gid 1000), by number so Kubernetes can check runAsNonRoot.
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Migrates (under an advisory lock), then listens; SIGTERM closes it gracefully (close-with-grace).
CMD ["node", "apps/api/src/server.ts"]
