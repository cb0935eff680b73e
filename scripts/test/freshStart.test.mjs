// scripts/freshStart.mjs, the `.ci/run` step that runs the README's `npm start` from a fresh clone:
// on a small git repository whose `npm start` is a stand-in console (fixtures/freshConsole.mjs), it
// passes only when the console answers and the admin signs in, and it leaves nothing running.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloneCommit, freshStart, processesIn } from '../freshStart.mjs';
import { NODE_MAJOR, supportsNode } from '../lib/node.mjs';
import { repoRoot } from '../lib/pnpm.mjs';

const linux = process.platform === 'linux';
const git = (args, cwd) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
  return result.stdout.trim();
};

describe('scripts/freshStart.mjs', { skip: !linux && 'needs Linux (/proc)' }, () => {
  let repo;
  let commit;
  const clones = [];
  before(() => {
    repo = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-fresh-repo-'));
    fs.writeFileSync(
      path.join(repo, 'package.json'),
      JSON.stringify({ name: 'fixture', private: true, scripts: { start: 'node console.mjs' } }),
    );
    fs.copyFileSync(path.join(repoRoot, 'scripts/test/fixtures/freshConsole.mjs'), path.join(repo, 'console.mjs'));
    git(['init', '--quiet'], repo);
    git(['add', '.'], repo);
    git(['-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '--quiet', '-m', 'fixture'], repo);
    commit = git(['rev-parse', 'HEAD'], repo);
    // Not committed: a fresh clone must not see it.
    fs.mkdirSync(path.join(repo, 'node_modules'));
  });
  after(() => {
    for (const dir of [repo, ...clones]) fs.rmSync(dir, { recursive: true, force: true });
  });
  const clone = () => {
    const dir = cloneCommit(repo, commit);
    clones.push(dir);
    return dir;
  };

  it('clones the commit alone: no node_modules, nothing uncommitted', () => {
    const dir = clone();
    assert.equal(git(['rev-parse', 'HEAD'], dir), commit);
    assert.ok(!fs.existsSync(path.join(dir, 'node_modules')));
    assert.ok(fs.existsSync(path.join(dir, 'console.mjs')));
  });

  it('passes once the console answers and the admin signs in, on free ports, and stops everything', async () => {
    const dir = clone();
    const { seconds, output } = await freshStart({ dir, timeoutMs: 30_000, graceMs: 5_000, env: { FIXTURE_MODE: 'ok' } });
    assert.ok(Number.isInteger(seconds) && seconds < 30, `seconds: ${seconds}`);
    assert.match(output, /fixture: running/);
    assert.deepEqual(processesIn(dir), []);
  });

  it('fails at once, with the output, when npm start stops', async () => {
    const started = Date.now();
    await assert.rejects(freshStart({ dir: clone(), timeoutMs: 30_000, graceMs: 5_000, env: { FIXTURE_MODE: 'crash' } }), (error) => {
      assert.match(error.message, /npm start stopped before the console answered/);
      assert.match(error.message, /fixture: cannot start \(crash\)/);
      return true;
    });
    assert.ok(Date.now() - started < 15_000);
  });

  it('fails when the admin cannot sign in', async () => {
    await assert.rejects(freshStart({ dir: clone(), timeoutMs: 4_000, graceMs: 5_000, env: { FIXTURE_MODE: 'wrong-password' } }), {
      message: /not signed in in time \(sign-in answered 401\)/,
    });
  });

  it('fails, and kills it, when a process is left running after Ctrl+C', async () => {
    const dir = clone();
    await assert.rejects(freshStart({ dir, timeoutMs: 30_000, graceMs: 2_000, env: { FIXTURE_MODE: 'orphan' } }), {
      message: /processes left running after it stopped: \d+/,
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.deepEqual(processesIn(dir), []);
  });
});

describe('a fresh clone (no node_modules)', () => {
  // Static imports resolve before a script's first line runs: any package among them fails
  // (ERR_MODULE_NOT_FOUND) before the script could install it. Dynamic import() after the install is fine.
  const staticImports = (file) => {
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(/^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'/gm)].map((m) => m[1] ?? m[2]);
  };
  const packagesBeforeInstall = (entry) => {
    const seen = new Set();
    const packages = [];
    const walk = (file) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of staticImports(file)) {
        if (specifier.startsWith('.')) walk(path.resolve(path.dirname(file), specifier));
        else if (!specifier.startsWith('node:')) packages.push(`${specifier} (${path.relative(repoRoot, file)})`);
      }
    };
    walk(path.join(repoRoot, entry));
    return packages;
  };

  for (const entry of [
    'scripts/start.mjs',
    'scripts/dev.mjs',
    'scripts/test.mjs',
    'scripts/serve.mjs',
    'scripts/release.mjs',
    'scripts/env.mjs',
    'scripts/freshStart.mjs',
    'e2e/run.mjs',
  ]) {
    it(`${entry} imports only Node's built-ins before its install`, () => {
      assert.deepEqual(packagesBeforeInstall(entry), []);
    });
  }

  it('sees a package imported through a relative module (the check itself)', () => {
    // As start.mjs imported console.mjs (Fastify) before this fix.
    const file = path.join(repoRoot, 'scripts/test', `.imports-${process.pid}.mjs`);
    fs.writeFileSync(file, "import fs from 'node:fs';\nimport {\n  startConsoleServer,\n} from '../lib/console.mjs';\n");
    try {
      assert.ok(packagesBeforeInstall(path.relative(repoRoot, file)).some((p) => p.startsWith('fastify ')));
    } finally {
      fs.rmSync(file);
    }
  });
});

describe('Node versions', () => {
  it('Node 24 LTS in every place that names one: .nvmrc, engines, @types/node, the esbuild targets, the Dockerfiles', () => {
    assert.equal(NODE_MAJOR, 24);
    for (const ok of ['24.11.0', '24.21.0', '25.2.0']) assert.ok(supportsNode(ok), ok);
    for (const no of ['20.20.2', '22.12.0', '24.10.0']) assert.ok(!supportsNode(no), no);
    const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
    assert.equal(pkg.engines.node, '>=24.11.0');
    assert.match(pkg.devDependencies['@types/node'], /^\^24\./);
    const read = (file) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
    // The BFF's and the points API's builds: shared/server/scripts/compileService.mjs.
    const targets = ['shared/server/scripts/compileService.mjs', 'shared/server/test/commonJs.ts'].flatMap((file) =>
      [...read(file).matchAll(/target[=:]\s*'?(node\d+)/g)].map((m) => `${file}: ${m[1]}`),
    );
    assert.ok(targets.length >= 3, targets.join(', '));
    for (const target of targets) assert.match(target, /: node24$/);
    for (const file of ['docker/bff.Dockerfile', 'docker/points-api.Dockerfile', 'docker/static.Dockerfile']) {
      assert.match(read(file), /^ARG NODE_IMAGE=node:24-/m, file);
    }
  });

  // This machine's own Node (Debian's, 20 here) runs a script that starts as npm start and npm test do.
  const olderNode = ['/usr/bin/node', '/usr/local/bin/node'].find((bin) => {
    const probe = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    return probe.status === 0 && !supportsNode(probe.stdout.trim());
  });
  it(
    'on an older Node, a script runs again on Node 24 (from the npm registry, into .tools/), its children too',
    { skip: !olderNode && 'no older Node on this machine' },
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-node-'));
      try {
        const script = path.join(dir, 'probe.mjs');
        fs.writeFileSync(
          script,
          `import { runOnSupportedNode } from ${JSON.stringify(path.join(repoRoot, 'scripts/lib/node.mjs'))};\n` +
            `import { execSync } from 'node:child_process';\n` +
            `await runOnSupportedNode();\n` +
            `console.log(process.versions.node, execSync('node -p process.versions.node').toString().trim(), process.argv[2]);\n` +
            `process.exit(3);\n`,
        );
        const result = spawnSync(olderNode, [script, 'argument'], { encoding: 'utf8', timeout: 120_000 });
        assert.equal(result.status, 3, result.stderr);
        const [self, child, argument] = result.stdout.trim().split('\n').pop().split(' ');
        assert.ok(supportsNode(self) && self.startsWith('24.'), self);
        assert.equal(child, self);
        assert.equal(argument, 'argument');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
