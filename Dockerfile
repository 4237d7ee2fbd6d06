# The shop as one image: the built web app and the server built into plain JavaScript, run by plain
# node. `docker compose up -d` (compose.yaml) starts it with PostgreSQL, Redis, two app processes
# and an nginx proxy.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages/contract ./packages/contract
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/server/assets ./apps/server/assets
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data/uploads && chown -R node:node /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s CMD ["node", "-e", "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1's child of no shell: SIGTERM reaches the server, which drains and exits within 10 s.
STOPSIGNAL SIGTERM
# A young generation of 32 MB (V8's default 16): messages and answers die young instead of being
# promoted, so old-space collections are rarer (docs/performance.md#chat).
CMD ["node", "--max-semi-space-size=32", "apps/server/dist/main.js"]
