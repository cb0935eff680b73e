// The BFF as the Docker image runs it: compiled JavaScript (bff/scripts/build.mjs → bff/dist) under
// plain node, no TypeScript loader. Its features and migrations are found by folder at run time, so
// this starts the compiled server and calls a feature route, not just /health.
import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/pnpm.mjs';
import { freePort } from '../lib/ports.mjs';

const bff = path.join(repoRoot, 'bff');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-bff-compiled-'));
let server;
after(() => {
  server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('compiled BFF starts under plain node, migrates, seeds, signs in and serves a feature route', { timeout: 180_000 }, async () => {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: bff, stdio: 'pipe' });
  assert.ok(fs.existsSync(path.join(bff, 'dist', 'db', 'migrations', '0001_initial.js')), 'migrations are compiled as files');
  assert.ok(fs.existsSync(path.join(bff, 'dist', 'features', 'news', 'routes.js')), 'features are compiled as files');

  const port = await freePort();
  let output = '';
  server = spawn(process.execPath, ['dist/main.js'], {
    cwd: bff,
    env: { ...process.env, DATABASE_URL: '', PGLITE_DATA_DIR: path.join(dataDir, 'pg'), PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 150_000;
  for (;;) {
    assert.equal(server.exitCode, null, `the compiled BFF exited:\n${output}`);
    const ok = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    assert.ok(Date.now() < deadline, `no /health within the time limit:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const login = await fetch(`${base}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@phoenix.local', password: 'phoenix-admin' }),
  });
  assert.equal(login.status, 200, await login.clone().text());
  const { token } = await login.json();
  const list = await fetch(`${base}/constant-variables`, { headers: { token } });
  assert.equal(list.status, 200, await list.clone().text());
  assert.ok(Array.isArray((await list.json()).items));

  server.kill('SIGTERM');
  const code = await new Promise((resolve) => server.once('exit', resolve));
  assert.equal(code, 0, output);
});

it(
  "compiled migrate command (the image's node dist/cli/migrate.js, the Kubernetes Job) migrates and exits 0, then has nothing to do",
  { timeout: 120_000 },
  () => {
    // dist/ is the build of the test above.
    assert.ok(fs.existsSync(path.join(bff, 'dist', 'cli', 'migrate.js')), 'the migrate command is compiled');
    const run = () =>
      spawnSync(process.execPath, ['dist/cli/migrate.js'], {
        cwd: bff,
        env: { ...process.env, DATABASE_URL: '', MIGRATION_DATABASE_URL: '', PGLITE_DATA_DIR: path.join(dataDir, 'migrated') },
        encoding: 'utf8',
        timeout: 100_000,
      });
    const first = run();
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, /^bff migrate: applied \d+ migration\(s\) to PGlite at .*: 0001_initial,/);
    const again = run();
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stdout, /is up to date, nothing to apply/);
  },
);
