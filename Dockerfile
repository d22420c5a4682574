# The app image used by docker-compose.yml (with DATABASE_URL set, no embedded PostgreSQL runs).
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY model/package.json model/
COPY api/package.json api/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build
# PUBLIC_URL (the site's public origin) has no default: the server refuses to start without it in
# production. The compose files set it.
# MALLOC_ARENA_MAX as in api's serve script: two malloc arenas instead of one per thread (V8's
# and libuv's worker threads), whose freed memory glibc otherwise keeps per thread.
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data MALLOC_ARENA_MAX=2
EXPOSE 3000
STOPSIGNAL SIGTERM
# The Node options of `npm start` (api's serve script): a small young generation, and an old
# generation that grows by a quarter of its live size between full collections instead of up to
# 4x; this keeps the server under 200 MB resident under load (README, Benchmarks).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=25", "api/dist/main.js"]
