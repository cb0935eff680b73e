# The reference BFF (Fastify + Kysely) against PostgreSQL (DATABASE_URL), as compiled JavaScript
# (esbuild bundle in bff/dist) on Node 24 LTS, run by the unprivileged "node" user: no TypeScript
# loader, no dev dependencies, no build tools in the final image.
# Build context: the repository root (docker-compose.yml: build.context ./).
ARG NODE_IMAGE=node:24-bookworm-slim

# Stage 1: install, compile, then keep the BFF with its production dependencies only.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate
# Only what the BFF needs: the workspace manifests, the lockfile, the BFF, @phoenix/contract and @phoenix/contracts.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.json tsconfig.base.json ./
COPY shared/contract shared/contract
COPY shared/server shared/server
# @phoenix/contracts: the staking ABI the BFF decodes reported transactions with (generated/, committed).
COPY contracts contracts
COPY bff bff
RUN pnpm install --frozen-lockfile --filter "@phoenix/bff..." --reporter=append-only \
 && pnpm --filter @phoenix/bff build \
 && pnpm --filter @phoenix/bff deploy --prod --legacy /out \
 && rm -rf /out/src /out/test

# Stage 2: Node and the compiled BFF.
FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=build --chown=root:root /out/ /app/
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
USER node
# Create an admin: docker compose run --rm bff node dist/cli/createAdmin.js --email …
# Its migrations apart from the start (MIGRATE_ON_START=false; the Kubernetes migration Job):
#   node dist/cli/migrate.js
CMD ["node", "--enable-source-maps", "dist/main.js"]
