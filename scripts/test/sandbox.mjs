// Test support: a temp artifacts folder and a copy of the environment files, with fake releases
// (a build-info.json and a few files: no webpack) so the release tooling is tested in milliseconds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/releases.mjs';

export const SINGLETONS = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  jotai: '2.20.3',
  '@phoenix/shell': '1.0.0',
};

export function makeSandbox() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-releases-'));
  const artifacts = path.join(dir, 'artifacts');
  const environments = path.join(dir, 'environments');
  fs.mkdirSync(artifacts);
  fs.cpSync(path.join(repoRoot, 'environments'), environments, { recursive: true });
  const previous = { a: process.env.PHOENIX_ARTIFACTS, e: process.env.PHOENIX_ENVIRONMENTS };
  process.env.PHOENIX_ARTIFACTS = artifacts;
  process.env.PHOENIX_ENVIRONMENTS = environments;
  return {
    dir,
    artifacts,
    environments,
    env: { ...process.env, PHOENIX_ARTIFACTS: artifacts, PHOENIX_ENVIRONMENTS: environments },
    readEnv: (name) => JSON.parse(fs.readFileSync(path.join(environments, `${name}.json`), 'utf8')),
    /** A fake release: build-info.json plus an entry, a manifest and a content-hashed chunk. */
    release(target, version, { shellContract = '^1.0.0', shellVersion = '1.0.0', singletons = SINGLETONS } = {}) {
      const out = target === 'host' ? path.join(artifacts, 'host', version) : path.join(artifacts, 'remotes', target, version);
      fs.mkdirSync(out, { recursive: true });
      const info = { name: `@phoenix/${target}`, version, shellContract, shellVersion, singletons, builtAt: new Date().toISOString() };
      fs.writeFileSync(path.join(out, 'build-info.json'), JSON.stringify(info));
      if (target === 'host') {
        fs.writeFileSync(path.join(out, 'index.html'), `<!doctype html><title>host ${version}</title>`);
        fs.writeFileSync(path.join(out, 'main.0123abcd.js'), `/* host ${version} */`);
      } else {
        fs.writeFileSync(path.join(out, 'mf-manifest.json'), JSON.stringify({ name: target, version }));
        fs.writeFileSync(path.join(out, 'remoteEntry.js'), `/* ${target} ${version} */`);
        fs.writeFileSync(path.join(out, '__federation_expose_pages.a1b2c3d4.js'), `/* ${target} ${version} pages */`);
      }
      return out;
    },
    cleanup() {
      for (const [key, value] of [
        ['PHOENIX_ARTIFACTS', previous.a],
        ['PHOENIX_ENVIRONMENTS', previous.e],
      ]) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
