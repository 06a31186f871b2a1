# syntax=docker/dockerfile:1
# Pathagar's image (README, "Docker"): the client and the server are built in one stage, the
# production dependencies installed in another, and the last stage holds only what `npm start`
# runs: package.json, those dependencies and dist/. It runs as the image's non-root `node` user.
# scripts/docker-rehearsal.ts replays these steps in a clean directory where Docker cannot run.

ARG NODE_VERSION=22

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app
# better-sqlite3 compiles from source when its prebuilt binary cannot be downloaded.
# hadolint ignore=DL3008
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*

FROM base AS build
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM base AS production-dependencies
COPY package.json package-lock.json ./
# --omit=optional as well: npm keeps devDependencies that a dependency names as optional peers
# (better-auth's vitest, vite, react: "devOptional" in the lock) unless optional packages are
# left out too, and the server's bundle imports no optional package.
RUN npm ci --omit=dev --omit=optional

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATABASE_URL=/app/data/pathagar.db
WORKDIR /app
COPY package.json ./
COPY --from=production-dependencies /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# The SQLite database (when DATABASE_URL is a file) and the app's other files live here.
RUN mkdir data && chown node:node data
VOLUME ["/app/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs once built (package.json; a test keeps the two alike).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=25", "dist/server/main.js"]
