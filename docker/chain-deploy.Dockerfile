# docker-compose's "chain" profile: a one-shot service that deploys the stake token and the staking
# contract onto the anvil service (contracts/scripts/deploy.mjs, the repository's deployment), then
# exits. Node 24 LTS, viem exactly as locked, run by the unprivileged "node" user.
# Build context: the repository root (docker-compose.yml: build.context ./).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
RUN corepack enable && corepack prepare pnpm@10.34.9 --activate
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
# The compiled ABI and bytecode (generated/, committed) and the deploy scripts: no compiler here.
COPY contracts contracts
RUN pnpm install --frozen-lockfile --filter "@phoenix/contracts" --prod --reporter=append-only \
 && pnpm --filter @phoenix/contracts deploy --prod --legacy /out \
 && rm -rf /out/test /out/solidity

FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=build --chown=root:root /out/ /app/
ENV NODE_ENV=production
USER node
CMD ["node", "scripts/deploy.mjs", "--rpc-url", "http://anvil:8545"]
