# The reference BFF (Fastify + Kysely, run with tsx) against PostgreSQL (DATABASE_URL).
# Build context: the repository root (docker-compose.yml: build.context ./).
FROM node:20-bookworm-slim
WORKDIR /app
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate
# Only what the BFF needs: the workspace manifests, the lockfile, the BFF and @phoenix/contract.
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml tsconfig.json tsconfig.base.json ./
COPY shared/contract shared/contract
COPY bff bff
RUN pnpm install --frozen-lockfile --filter "@phoenix/bff..." --reporter=append-only
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8787
EXPOSE 8787
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8787)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["pnpm", "--filter", "@phoenix/bff", "start"]
