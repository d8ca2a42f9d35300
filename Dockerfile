# syntax=docker/dockerfile:1
# The portal as one image: the Fastify server (run by tsx, as `npm start` does) serving the built web
# app. Multi-stage: build tools and dev dependencies stay in the build stages; the image runs as the
# unprivileged `node` user. See README "Running several instances" and compose.yaml.

ARG NODE_VERSION=20

# --- Manifests and build tools shared by both install stages -------------------------------------
FROM node:${NODE_VERSION}-slim AS base
WORKDIR /app
# better-sqlite3 compiles from source when no prebuilt binary fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY packages/stripe-sandbox/package.json packages/stripe-sandbox/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# --- The web app: Vite build into apps/web/dist -------------------------------------------------
FROM base AS web
RUN npm ci --no-audit --no-fund --workspace apps/web --workspace packages/contract
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/web apps/web
RUN npm run build --workspace apps/web

# --- The server's production dependencies only --------------------------------------------------
FROM base AS server-deps
RUN npm ci --no-audit --no-fund --omit=dev --workspace apps/server --workspace packages/contract \
  --workspace packages/stripe-sandbox \
  && npm cache clean --force

# --- Runtime ---------------------------------------------------------------------------------------
FROM node:${NODE_VERSION}-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code and dependencies stay owned by root: the server cannot change what it runs.
# The installed tree as npm laid it out (hoisted and nested node_modules, workspace links).
COPY --from=server-deps /app ./
COPY packages/contract packages/contract
# The server imports the Stripe sandbox package; it mounts it only without Stripe keys, never in production.
COPY packages/stripe-sandbox packages/stripe-sandbox
COPY apps/server apps/server
COPY --from=web /app/apps/web/dist apps/web/dist
# The only writable place: generated secrets (when not given), local files, SQLite (one instance).
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Liveness only (/readyz checks the database): node:slim has no curl, so node's fetch asks.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# --no-memory-reducer: as in `npm start` (ARCHITECTURE.md, "Processes and requests"): no idle-time
# shrinking GC that pauses the first requests after a quiet spell, and every 100 s under load.
CMD ["node", "--no-memory-reducer", "--import", "tsx", "apps/server/src/main.ts"]
