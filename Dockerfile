# syntax=docker/dockerfile:1
# The reference Job Market Match Service as an image (docs/service.md, "Running at scale").
#
#   docker build --build-context raw=../shared/data/raw -t jobprice-service .
#   docker run -p 8600:8600 -e JOBPRICE_CLIENT_ID=… -e JOBPRICE_CLIENT_SECRET=… \
#     -e JOBPRICE_TOKEN_SECRET=… jobprice-service
#
# The public raw data (O*NET, BLS OEWS, HUD, OMB) is not in the repository: the build reads it from the
# build context named "raw" and bakes only the derived index (data/build, ~15 MB) into the image. To serve
# another index, mount it and set JOBPRICE_DATA_DIR.

# Stage 1: compile the service and build the data index (dev dependencies: TypeScript, the readers).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.build.json tsconfig.addin.json tsconfig.service.json ./
COPY scripts/build-service.mjs scripts/
COPY src src
RUN node scripts/build-service.mjs
COPY --from=raw . /raw
RUN JOBPRICE_RAW_DIR=/raw node dist/service/data-build.js

# Stage 2: the runtime, with production dependencies only, as the unprivileged "node" user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist/service dist/service
COPY --from=build /app/data/build data/build
# Only the development client (no clients configured) writes here; everything else is read-only.
RUN mkdir .jobprice && chown node:node .jobprice
USER node
# Every interface, one worker per core the container may use; the raw folder is absent (no staleness check).
ENV HOST=0.0.0.0 \
    PORT=8600
EXPOSE 8600
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "require('node:http').get({ host: '127.0.0.1', port: process.env.PORT, path: '/healthz', timeout: 2000 }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"]
CMD ["node", "dist/service/main.js"]
