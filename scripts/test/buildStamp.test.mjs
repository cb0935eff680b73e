import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adoptBuilds, BUILT_PACKAGES, buildsMatch, sourceStamp, writeStamps } from '../lib/buildStamp.mjs';

const git = (args, cwd) => assert.equal(spawnSync('git', args, { cwd }).status, 0, `git ${args.join(' ')}`);

/** A repository with a source file in each built package, committed; its dist/ folders ignored. */
function repository() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-stamp-'));
  git(['init', '-q'], dir);
  fs.writeFileSync(path.join(dir, '.gitignore'), 'dist/\n');
  for (const pkg of BUILT_PACKAGES) {
    fs.mkdirSync(path.join(dir, pkg, 'src'), { recursive: true });
    fs.writeFileSync(path.join(dir, pkg, 'src/index.ts'), `export const name = '${pkg}';\n`);
  }
  git(['add', '.'], dir);
  git(['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qm', 'sources'], dir);
  return dir;
}
const build = (dir, content) => {
  for (const pkg of BUILT_PACKAGES) {
    fs.mkdirSync(path.join(dir, pkg, 'dist'), { recursive: true });
    fs.writeFileSync(path.join(dir, pkg, 'dist/main.js'), content);
  }
};

describe('scripts/lib/buildStamp.mjs: production builds made once per commit', () => {
  it('a build of a clean tree is reused; any change or untracked file means building again', () => {
    const dir = repository();
    try {
      const stamp = sourceStamp(dir);
      assert.match(stamp, /^[0-9a-f]{40}$/);
      build(dir, 'built');
      assert.equal(buildsMatch(dir, sourceStamp(dir)), false, 'no stamp yet');
      writeStamps(dir, stamp);
      assert.equal(buildsMatch(dir, sourceStamp(dir)), true);

      fs.appendFileSync(path.join(dir, 'remotes/points/src/index.ts'), '// changed\n');
      assert.equal(sourceStamp(dir), null);
      assert.equal(buildsMatch(dir, sourceStamp(dir)), false);
      git(['checkout', '--', '.'], dir);
      fs.writeFileSync(path.join(dir, 'host/src/new.ts'), 'export {};\n');
      assert.equal(sourceStamp(dir), null, 'an untracked source');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("another clone's builds are adopted only when it is the same tree", () => {
    const [here, clone] = [repository(), repository()];
    try {
      git(['fetch', '-q', here, 'HEAD'], clone);
      git(['reset', '-q', '--hard', 'FETCH_HEAD'], clone);
      build(clone, 'from the clone');
      writeStamps(clone, sourceStamp(clone));
      assert.equal(adoptBuilds(clone, here), true);
      assert.equal(fs.readFileSync(path.join(here, 'host/dist/main.js'), 'utf8'), 'from the clone');
      assert.equal(buildsMatch(here, sourceStamp(here)), true);

      fs.writeFileSync(path.join(here, 'host/src/index.ts'), 'export const name = 1;\n');
      git(['-c', 'user.email=t@t', '-c', 'user.name=t', 'commit', '-qam', 'another tree'], here);
      build(here, 'mine');
      assert.equal(adoptBuilds(clone, here), false);
      assert.equal(fs.readFileSync(path.join(here, 'host/dist/main.js'), 'utf8'), 'mine');
    } finally {
      for (const dir of [here, clone]) fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
