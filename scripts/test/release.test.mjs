// Releases are immutable: an existing version is refused before anything is built.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { entryIntegrity, listReleases, repoRoot } from '../lib/releases.mjs';
import { makeSandbox } from './sandbox.mjs';

describe('scripts/release.mjs', () => {
  let box;
  before(() => {
    box = makeSandbox();
  });
  after(() => box.cleanup());
  const run = (...args) =>
    spawnSync(process.execPath, [path.join(repoRoot, 'scripts/release.mjs'), ...args], { env: box.env, encoding: 'utf8' });

  it('refuses to overwrite a released version', () => {
    const dir = box.release('points', '1.4.0');
    const before = fs.readFileSync(path.join(dir, 'build-info.json'), 'utf8');
    const r = run('points', '--version', '1.4.0');
    assert.equal(r.status, 1);
    assert.match(r.stderr, /points 1\.4\.0 is already released .*immutable/);
    assert.equal(fs.readFileSync(path.join(dir, 'build-info.json'), 'utf8'), before);
  });

  it('rejects unknown targets and bad versions', () => {
    assert.match(run('wallet').stderr, /Unknown target "wallet"/);
    assert.match(run('points', '--version', 'latest').stderr, /"latest" is not a version/);
  });

  it('lists releases in version order', () => {
    box.release('battle', '1.10.0');
    box.release('battle', '1.9.0');
    fs.mkdirSync(path.join(box.artifacts, 'remotes/battle/junk'), { recursive: true });
    assert.deepEqual(listReleases('battle'), ['1.9.0', '1.10.0']);
  });

  it('records the sha-384 of the entry its manifest names, in Subresource Integrity form', () => {
    const dir = box.release('system', '1.5.0');
    const manifest = (name) => JSON.stringify({ metaData: { remoteEntry: { name, path: '', type: 'global' } } });
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest('remoteEntry.js'));
    const bytes = fs.readFileSync(path.join(dir, 'remoteEntry.js'));
    assert.deepEqual(entryIntegrity(dir), {
      file: 'remoteEntry.js',
      integrity: `sha384-${createHash('sha384').update(bytes).digest('base64')}`,
    });
    assert.match(entryIntegrity(dir).integrity, /^sha384-[A-Za-z0-9+/]{64}$/);
    fs.writeFileSync(path.join(dir, 'mf-manifest.json'), manifest('entry.missing.js'));
    assert.throws(() => entryIntegrity(dir), /names no entry file the build produced \(entry\.missing\.js\)/);
  });
});
