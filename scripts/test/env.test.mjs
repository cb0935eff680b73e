// The release manager's command: node scripts/env.mjs <env> set|rollback|show …
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { deriveRuntimeConfig, repoRoot } from '../lib/releases.mjs';
import { makeSandbox } from './sandbox.mjs';

describe('scripts/env.mjs', () => {
  let box;
  const run = (...args) => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/env.mjs'), ...args], { env: box.env, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  before(() => {
    box = makeSandbox();
    box.release('host', '1.0.0');
    box.release('points', '1.0.0');
    box.release('points', '1.1.0');
    box.release('points', '2.0.0', { shellContract: '^2.0.0', singletons: { '@phoenix/shell': '2.0.0' } });
    box.release('points', '1.2.0', { singletons: { react: '18.3.1' } });
    box.release('host', '2.0.0', { shellVersion: '2.0.0', singletons: { '@phoenix/shell': '2.0.0' } });
  });
  after(() => box.cleanup());

  it('pins a released version and records it in the history', () => {
    const r = run('stg', 'set', 'points', '1.1.0');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /stg: points 1\.0\.0 → 1\.1\.0/);
    const env = box.readEnv('stg');
    assert.equal(env.remotes.points.version, '1.1.0');
    assert.equal(env.history.at(-1).from, '1.0.0');
    assert.equal(env.history.at(-1).to, '1.1.0');
    // Other environments and remotes are untouched.
    assert.equal(box.readEnv('prd').remotes.points.version, '1.0.0');
    assert.equal(env.remotes.battle.version, '1.0.0');
  });

  it('refuses a version that was never released, listing the released ones', () => {
    const r = run('stg', 'set', 'points', '9.9.9');
    assert.equal(r.code, 3);
    assert.match(r.err, /points 9\.9\.9 was never released \(released: 1\.0\.0, 1\.1\.0, 1\.2\.0, 2\.0\.0/);
    assert.equal(box.readEnv('stg').remotes.points.version, '1.1.0');
  });

  it('refuses a release whose shell contract the environment host cannot satisfy, saying why', () => {
    const r = run('stg', 'set', 'points', '2.0.0');
    assert.equal(r.code, 3);
    assert.match(r.err, /points 2\.0\.0 needs shell contract \^2\.0\.0 but the stg host 1\.0\.0 provides shell 1\.0\.0/);
    assert.equal(box.readEnv('stg').remotes.points.version, '1.1.0');
  });

  it('refuses a release built with another major of a shared singleton', () => {
    const r = run('stg', 'set', 'points', '1.2.0');
    assert.equal(r.code, 3);
    assert.match(r.err, /points 1\.2\.0 was built with react 18\.3\.1 but the host shares react 19\.3\.1/);
  });

  it('writes a refused version with --force, and says it was forced', () => {
    const r = run('dev', 'set', 'points', '2.0.0', '--force');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /FORCED despite: points 2\.0\.0 needs shell contract/);
    assert.equal(box.readEnv('dev').remotes.points.version, '2.0.0');
    assert.ok(box.readEnv('dev').history.at(-1).forced);
  });

  it('rolls back to the previously pinned version, then has nothing left to roll back', () => {
    assert.equal(run('beta-stg', 'set', 'points', '1.1.0').code, 0);
    const back = run('beta-stg', 'rollback', 'points');
    assert.equal(back.code, 0, back.err);
    assert.match(back.out, /points 1\.1\.0 → 1\.0\.0/);
    assert.equal(box.readEnv('beta-stg').remotes.points.version, '1.0.0');
    const again = run('beta-stg', 'rollback', 'points');
    assert.equal(again.code, 3);
    assert.match(again.err, /Nothing to roll back/);
  });

  it('rolls back twice through two changes', () => {
    run('beta-dev', 'set', 'points', '1.1.0');
    run('beta-dev', 'set', 'points', '1.0.0');
    run('beta-dev', 'set', 'points', '1.1.0');
    assert.match(run('beta-dev', 'rollback', 'points').out, /1\.1\.0 → 1\.0\.0/);
    assert.match(run('beta-dev', 'rollback', 'points').out, /1\.0\.0 → 1\.1\.0/);
  });

  it('refuses a host that cannot run the remotes the environment pins', () => {
    const r = run('prd', 'set', 'host', '2.0.0');
    assert.equal(r.code, 3);
    assert.match(r.err, /host 2\.0\.0 cannot run points 1\.0\.0 pinned in prd: it needs shell contract \^1\.0\.0/);
  });

  it('shows the environment with derived entries and a verdict per remote', () => {
    const r = run('stg', 'show');
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /points\s+1\.1\.0\s+ok\s+https:\/\/admin-static\.phoenix-game\.example\/remotes\/points\/1\.1\.0\/mf-manifest\.json/,
    );
    assert.match(r.out, /battle\s+1\.0\.0\s+\[battle 1\.0\.0 was never released/);
  });

  it("pins a release's entry digest with its version, and never keeps an older release's", () => {
    const integrity = `sha384-${'p'.repeat(64)}`;
    for (const [version, recorded] of [
      ['1.3.0', integrity],
      ['1.4.0', undefined],
    ]) {
      const file = path.join(box.release('present', version), 'build-info.json');
      const info = JSON.parse(fs.readFileSync(file, 'utf8'));
      fs.writeFileSync(file, JSON.stringify(recorded ? { ...info, remoteEntry: { file: 'remoteEntry.js', integrity: recorded } } : info));
    }
    assert.equal(run('beta-prd', 'set', 'present', '1.3.0').code, 0);
    assert.equal(box.readEnv('beta-prd').remotes.present.integrity, integrity);
    assert.equal(deriveRuntimeConfig(box.readEnv('beta-prd'), {}).remotes.present.integrity, integrity);
    assert.match(run('beta-prd', 'show').out, new RegExp(`integrity ${integrity} pinned`));
    assert.equal(run('beta-prd', 'set', 'present', '1.4.0').code, 0); // a release that records none: unpinned
    assert.equal(box.readEnv('beta-prd').remotes.present.integrity, undefined);
    assert.equal(deriveRuntimeConfig(box.readEnv('beta-prd'), {}).remotes.present.integrity, undefined);

    // An environment pinned before releases recorded digests: `set` on the same version pins it, with no history entry.
    const history = box.readEnv('beta-prd').history.length;
    assert.equal(run('beta-prd', 'set', 'present', '1.3.0').code, 0);
    const env = box.readEnv('beta-prd');
    delete env.remotes.present.integrity;
    fs.writeFileSync(path.join(box.environments, 'beta-prd.json'), JSON.stringify(env));
    assert.match(run('beta-prd', 'show').out, /integrity not pinned \(the release records sha384-p+; `set` pins it\)/);
    assert.match(run('beta-prd', 'set', 'present', '1.3.0').out, new RegExp(`present 1\\.3\\.0 now pins ${integrity}`));
    assert.equal(box.readEnv('beta-prd').remotes.present.integrity, integrity);
    assert.equal(box.readEnv('beta-prd').history.length, history + 1);
  });

  it('rejects unknown environments and remotes', () => {
    assert.match(run('qa', 'show').err, /Unknown environment "qa"/);
    assert.match(run('stg', 'set', 'wallet', '1.0.0').err, /Unknown remote "wallet"/);
  });
});
