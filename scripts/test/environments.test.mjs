// The repository's environment files: one per environment, each a complete runtime configuration.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS, REMOTES, deriveRuntimeConfig, repoRoot } from '../lib/releases.mjs';
import { isVersion } from '../lib/semver.mjs';
import { contentSecurityPolicy } from '../lib/securityHeaders.mjs';

const read = (env) => JSON.parse(fs.readFileSync(path.join(repoRoot, 'environments', `${env}.json`), 'utf8'));

describe('environments/*.json', () => {
  it('exists for every environment and nothing else', () => {
    const files = fs
      .readdirSync(path.join(repoRoot, 'environments'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5));
    assert.deepEqual(files.sort(), [...ENVIRONMENTS].sort());
  });
  for (const env of ENVIRONMENTS) {
    it(`${env}: API bases, chain settings, host and remote versions`, () => {
      const file = read(env);
      assert.equal(file.environment, env);
      for (const key of ['apiBase', 'pointsApiBase', 'chainRpcUrl']) assert.doesNotThrow(() => new URL(file[key]), `${key}`);
      assert.match(file.stakingContractAddress, /^0x[0-9a-fA-F]{40}$/);
      assert.ok(isVersion(file.host?.version), 'host.version');
      assert.deepEqual(Object.keys(file.remotes).sort(), [...REMOTES].sort());
      for (const remote of REMOTES) assert.ok(isVersion(file.remotes[remote].version), `${remote}.version`);
      const config = deriveRuntimeConfig(file, {});
      for (const remote of REMOTES)
        assert.match(config.remotes[remote].entry, new RegExp(`/remotes/${remote}/${file.remotes[remote].version}/mf-manifest\\.json$`));
      if (env !== 'local') assert.doesNotThrow(() => new URL(config.remotes.points.entry));
    });
  }
  it('labels environments by their API host prefix (PRODUCT §5)', () => {
    assert.match(new URL(read('stg').apiBase).hostname, /^stg-/);
    assert.match(new URL(read('beta-dev').apiBase).hostname, /^beta-dev-/);
    assert.match(new URL(read('prd').apiBase).hostname, /^bff\./);
    assert.equal(new URL(read('local').apiBase).hostname, 'localhost');
  });
  it("puts every environment on Sepolia, the staking page's only chain (11155111): its RPC, its explorer, allowed by the CSP", () => {
    // The staking page is fixed to Sepolia (remotes/points/src/areas/stakingChanges/chain.ts).
    const chain = fs.readFileSync(path.join(repoRoot, 'remotes/points/src/areas/stakingChanges/chain.ts'), 'utf8');
    assert.match(chain, /export const STAKING_CHAIN_ID = sepolia\.id;/);
    for (const env of ENVIRONMENTS) {
      const file = read(env);
      const rpc = new URL(file.chainRpcUrl);
      assert.match(`${rpc.hostname}${rpc.pathname}`, /sepolia/i, `${env}: chainRpcUrl ${file.chainRpcUrl} is not a Sepolia endpoint`);
      if (env !== 'local') assert.ok(file.chainExplorerUrl, `${env}: no chainExplorerUrl (the staking page links transactions to it)`);
      if (file.chainExplorerUrl) {
        const explorer = new URL(file.chainExplorerUrl);
        assert.equal(explorer.protocol, 'https:', `${env}: chainExplorerUrl`);
        assert.match(explorer.hostname, /^sepolia\./, `${env}: chainExplorerUrl ${file.chainExplorerUrl} is not a Sepolia explorer`);
      }
      const connectSrc = contentSecurityPolicy(deriveRuntimeConfig(file, {}))
        .split('; ')
        .find((d) => d.startsWith('connect-src '))
        .split(' ');
      assert.ok(connectSrc.includes(rpc.origin), `${env}: connect-src does not allow ${rpc.origin}`);
    }
  });
});
