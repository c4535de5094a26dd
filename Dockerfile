# syntax=docker/dockerfile:1
# FITSTREAK: build the SPA, then run `server/main.ts` with tsx as an unprivileged user.
# Node 22: every dependency's engines range includes it (react-router 8.5 asks for >=22.22), and Node 20
# is past its end of life.
ARG NODE_IMAGE=node:22-bookworm-slim

# npm 11 reads `allowScripts` in package.json (the base image ships npm 10, which ignores it).
FROM ${NODE_IMAGE} AS npm
ARG NPM_VERSION=11.19.1
RUN npm install --global "npm@${NPM_VERSION}" && npm cache clean --force
WORKDIR /app

# Everything, dev dependencies included, to run `vite build`.
FROM npm AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime dependencies only (tsx is one of them).
FROM npm AS runtime-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM ${NODE_IMAGE} AS runtime
# NODE_ENV=production: a failed schema migration at start exits the process instead of carrying on.
ENV NODE_ENV=production \
    PORT=1337 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json tsconfig.json ./
COPY server ./server
COPY cloud ./cloud
# `npm run backup`, `npm run restore` and `npm run foods:import`; the work is in server/.
COPY scripts/backup.ts scripts/restore.ts scripts/foods-import.ts ./scripts/
# The server shares with the SPA the pure rules of src/domain and the messages of every language
# (src/i18n, src/locales, read through build/catalogues.ts); nothing else of src/ runs on it.
# server/dockerCompose.unit.test.ts checks that every module the server imports is copied.
COPY src/domain ./src/domain
COPY src/i18n ./src/i18n
COPY src/locales ./src/locales
COPY build/catalogues.ts ./build/
COPY --from=build /app/dist ./dist
# The image's `node` user (uid 1000) owns DATA_DIR and DATA_DIR/files (files when S3_BUCKET is empty);
# a new volume mounted at either starts with that owner.
RUN mkdir -p /data/files && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 1337
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 1337) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `node --import tsx` rather than `npx tsx`: one process, which receives SIGTERM itself and drains.
CMD ["node", "--import", "tsx", "server/main.ts"]
