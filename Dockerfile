# syntax=docker/dockerfile:1
# The portal's production image: Next's standalone server (`node server.js`) with the migrate command beside it.
# Build:   docker build -t kyc-portal .
# Migrate: docker run --rm --env-file portal.env kyc-portal node migrate.mjs
# Run:     docker run --read-only --tmpfs /tmp -v kyc-data:/data --env-file portal.env -p 3000:3000 kyc-portal
# README.md#deploying-the-container explains the variables; docs/architecture.md#container the choices.

FROM node:20-bookworm-slim AS deps
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM node:20-bookworm-slim AS build
WORKDIR /src
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /src/node_modules ./node_modules
COPY . .
# `next build`, then .next/standalone completed: public/, .next/static and migrate.mjs (scripts/lib/build.ts).
RUN npm run build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
# The same environment as scripts/lib/next-server.ts IMAGE_ENV, which CI runs `node server.js` with
# (tests/unit/dockerfile.test.ts keeps them equal): graceful shutdown by the portal, no migration at start.
ENV NODE_ENV=production
ENV NEXT_TELEMETRY_DISABLED=1
ENV NEXT_MANUAL_SIG_HANDLE=true
ENV MIGRATE_ON_START=false
# Idle keep-alive connections stay open 65 s, past a load balancer's usual 60 s: with Node's default 5 s, the server
# closes a connection the balancer is about to reuse, and the request on it fails (a 502, ECONNRESET).
ENV KEEP_ALIVE_TIMEOUT=65000
# Where the portal listens and keeps its data (PGlite, when DATABASE_URL is unset); the only writable path.
ENV APP_ENV=production PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/data
RUN groupadd --system --gid 10001 portal \
  && useradd --system --uid 10001 --gid portal --no-create-home --shell /usr/sbin/nologin portal \
  && mkdir /data && chown portal:portal /data
# Owned by root and not writable by the portal user: the code cannot change under it, read-only root or not.
COPY --from=build /src/.next/standalone ./
USER portal
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=40s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/v1/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
