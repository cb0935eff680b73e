// The release manager's canary commands: node scripts/env.mjs <env> canary|promote|abort …
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { deriveRuntimeConfig, repoRoot } from '../lib/releases.mjs';
import { makeSandbox } from './sandbox.mjs';

describe('scripts/env.mjs canary, promote, abort', () => {
  let box;
  const run = (...args) => {
    const r = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/env.mjs'), ...args], { env: box.env, encoding: 'utf8' });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };
  const integrity = `sha384-${'c'.repeat(64)}`;
  before(() => {
    box = makeSandbox();
    box.release('host', '1.0.0');
    box.release('points', '1.0.0');
    const file = path.join(box.release('points', '1.1.0'), 'build-info.json');
    fs.writeFileSync(
      file,
      JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), remoteEntry: { file: 'remoteEntry.js', integrity } }),
    );
    box.release('points', '2.0.0', { shellContract: '^2.0.0', singletons: { '@phoenix/shell': '2.0.0' } });
  });
  after(() => box.cleanup());

  it('starts a canary for an audience, with its digest, rollback limits and a history entry; the stable pin stays', () => {
    const r = run('stg', 'canary', 'points', '1.1.0', '--percent', '50', '--admins', '3,7', '--roles', 'economy', '--min-sessions', '4');
    assert.equal(r.code, 0, r.err);
    assert.match(
      r.out,
      /stg: points canary 1\.1\.0 for 50% of admins \+ admins 3, 7 \+ roles economy \(stable 1\.0\.0; rollback past \+5 points with at least 4 sessions\)/,
    );
    const env = box.readEnv('stg');
    assert.equal(env.remotes.points.version, '1.0.0');
    const { startedAt, ...canary } = env.remotes.points.canary;
    assert.deepEqual(canary, {
      version: '1.1.0',
      integrity,
      audience: { percent: 50, admins: [3, 7], roles: ['economy'] },
      rollback: { minSessions: 4, maxErrorRateIncrease: 0.05 },
    });
    assert.ok(!Number.isNaN(Date.parse(startedAt)));
    assert.deepEqual(
      { ...env.history.at(-1), at: undefined },
      { at: undefined, action: 'canary', target: 'points', from: '1.0.0', to: '1.1.0' },
    );
    assert.match(run('stg', 'show').out, /canary 1\.1\.0 for 50% of admins \+ admins 3, 7 \+ roles economy since .* ok/);
  });

  it('derives the canary entry like the stable one (and same-origin), and passes qaOverrides through', () => {
    const env = { ...box.readEnv('stg'), qaOverrides: { allowed: true, roles: ['owner', 'content'] } };
    const config = deriveRuntimeConfig(env, {});
    assert.equal(config.remotes.points.entry, 'https://admin-static.phoenix-game.example/remotes/points/1.0.0/mf-manifest.json');
    assert.equal(config.remotes.points.canary.entry, 'https://admin-static.phoenix-game.example/remotes/points/1.1.0/mf-manifest.json');
    assert.equal(config.remotes.points.canary.integrity, integrity);
    assert.deepEqual(config.remotes.points.canary.audience, { percent: 50, admins: [3, 7], roles: ['economy'] });
    assert.equal(config.remotes.battle.canary, undefined);
    assert.deepEqual(config.qaOverrides, { allowed: true, roles: ['owner', 'content'] });
    assert.equal(deriveRuntimeConfig(env, {}, { sameOrigin: true }).remotes.points.canary.entry, '/remotes/points/1.1.0/mf-manifest.json');
    assert.equal(deriveRuntimeConfig(box.readEnv('dev'), {}).qaOverrides, undefined);
  });

  it('refuses like set (never released, incompatible), a bad audience and a host, exit 3, the file untouched', () => {
    const before = fs.readFileSync(path.join(box.environments, 'dev.json'), 'utf8');
    const cases = [
      [['canary', 'points', '9.9.9', '--percent', '10'], /points 9\.9\.9 was never released/],
      [['canary', 'points', '2.0.0', '--percent', '10'], /needs shell contract \^2\.0\.0 but the dev host 1\.0\.0/],
      [['canary', 'points', '1.1.0'], /A canary needs an audience/],
      [['canary', 'points', '1.1.0', '--percent', '101'], /--percent takes a whole number from 0 to 100/],
      [['canary', 'points', '1.1.0', '--roles', 'wizard'], /--roles takes console roles/],
      [['canary', 'points', '1.1.0', '--percent', '5', '--max-error-rate-increase', '2'], /--max-error-rate-increase takes a share/],
      [['canary', 'points', '1.0.0', '--percent', '5'], /already runs points 1\.0\.0 for everyone/],
      [['canary', 'host', '1.0.0', '--percent', '5'], /canary takes a remote/],
      [['promote', 'points'], /no canary of points to promote/],
      [['abort', 'points'], /no canary of points to abort/],
      [['canary', 'points', '1.1.0', '--colour', 'red'], /Unknown option --colour/],
    ];
    for (const [args, message] of cases) {
      const r = run('dev', ...args);
      assert.equal(r.code, 3, `${args.join(' ')}: ${r.err}`);
      assert.match(r.err, message);
    }
    assert.equal(fs.readFileSync(path.join(box.environments, 'dev.json'), 'utf8'), before);
  });

  it('aborts a canary with a reason: the pin is back to the stable version alone', () => {
    assert.equal(run('beta-stg', 'canary', 'points', '1.1.0', '--roles', 'owner').code, 0);
    const r = run('beta-stg', 'abort', 'points', '--reason', 'errors on the points page');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /points canary 1\.1\.0 aborted; every admin runs 1\.0\.0/);
    const env = box.readEnv('beta-stg');
    assert.deepEqual(env.remotes.points, { version: '1.0.0' });
    assert.deepEqual(
      { ...env.history.at(-1), at: undefined },
      { at: undefined, action: 'abort', target: 'points', from: '1.1.0', to: '1.0.0', reason: 'errors on the points page' },
    );
  });

  it('promotes a canary to everyone with its digest; rollback then returns to the version before, past the canary entries', () => {
    const r = run('stg', 'promote', 'points');
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /stg: points 1\.0\.0 → 1\.1\.0 for every admin/);
    const env = box.readEnv('stg');
    assert.deepEqual(env.remotes.points, { version: '1.1.0', integrity });
    assert.equal(env.history.at(-1).action, 'promote');
    const back = run('stg', 'rollback', 'points');
    assert.equal(back.code, 0, back.err);
    assert.match(back.out, /points 1\.1\.0 → 1\.0\.0/);
  });
});
