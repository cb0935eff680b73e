# The points API (points-api/) as compiled JavaScript (points-api/scripts/build.mjs: one file per
# source file in points-api/dist, its features found by folder, @phoenix/server and @phoenix/contract
# compiled beside it) on Node 24 LTS, run by the unprivileged "node" user.
# It shares the BFF's PostgreSQL database (DATABASE_URL): its own tables in the `points` schema.
# Build context: the repository root (docker-compose.yml: build.context ./).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.json tsconfig.base.json ./
COPY shared/contract shared/contract
COPY shared/server shared/server
COPY points-api points-api
RUN pnpm install --frozen-lockfile --filter "@phoenix/points-api..." --reporter=append-only \
 && pnpm --filter @phoenix/points-api build \
 && pnpm --filter @phoenix/points-api deploy --prod --legacy /out \
 && rm -rf /out/src /out/test

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=build --chown=root:root /out/ /app/
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8788
EXPOSE 8788
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8788)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
USER node
# Its migrations apart from the start (MIGRATE_ON_START=false; the Kubernetes migration Job):
#   node dist/cli/migrate.js
CMD ["node", "--enable-source-maps", "dist/main.js"]
