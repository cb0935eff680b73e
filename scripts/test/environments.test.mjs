// The repository's environment files: one per environment, each a complete runtime configuration.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS, REMOTES, deriveRuntimeConfig, repoRoot } from '../lib/releases.mjs';
import { isVersion } from '../lib/semver.mjs';

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
});
