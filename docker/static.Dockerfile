# One static server per released artifact: the host (with /config.json for PHOENIX_ENV_NAME) or one
# remote (all its released versions under /remotes/<name>/<version>/), so a squad redeploys alone.
# Fastify + @fastify/static (scripts/lib/staticServer.mjs) on Node 24 LTS, run by the "node" user.
# Build context: the repository root. Release first (node scripts/release.mjs <target>), then
#   docker compose build <service> && docker compose up -d <service>
# Build arg ARTIFACT: "host" or a remote name (system, user-policy, present, battle, points).
ARG NODE_IMAGE=node:24-bookworm-slim

# Stage 1: pick this artifact's releases out of artifacts/ (only they reach the final image).
FROM ${NODE_IMAGE} AS pick
ARG ARTIFACT
COPY artifacts/ /src/
RUN set -e; \
    if [ -z "$ARTIFACT" ]; then echo "build arg ARTIFACT is required (host or a remote name)" >&2; exit 1; fi; \
    if [ "$ARTIFACT" = host ]; then sub=host; else sub="remotes/$ARTIFACT"; fi; \
    if [ ! -d "/src/$sub" ]; then echo "artifacts/$sub is missing: run node scripts/release.mjs $ARTIFACT first" >&2; exit 1; fi; \
    mkdir -p "/out/$(dirname "$sub")"; cp -a "/src/$sub" "/out/$sub"; rm -rf "/out/$sub/.staging"

# Stage 2: the server's own dependencies (fastify, @fastify/static), exactly as locked.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY docker/static-server/package.json docker/static-server/package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# Stage 3: Node, the server and those releases.
FROM ${NODE_IMAGE}
ARG ARTIFACT
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY scripts/serve.mjs scripts/serve.mjs
COPY scripts/lib/releases.mjs scripts/lib/semver.mjs scripts/lib/staticServer.mjs scripts/lib/securityHeaders.mjs scripts/lib/ports.mjs scripts/lib/
# Default environment files; docker-compose.yml mounts ./environments over them (read per request).
COPY environments environments
COPY --from=pick /out/ artifacts/
ENV NODE_ENV=production PHOENIX_SERVE_ONLY=${ARTIFACT} BIND=0.0.0.0 PORT=8080
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
USER node
CMD ["node", "scripts/serve.mjs"]
