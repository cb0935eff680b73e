// npm start / npm run dev leave no child behind: whether their script is interrupted, terminated,
// crashes, or is killed outright (SIGKILL), the children it started and their own children stop.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startBff, startPointsApi } from '../lib/console.mjs';
import { repoRoot } from '../lib/pnpm.mjs';
import { freePort, freePortEnv } from '../lib/ports.mjs';

const linux = process.platform === 'linux';

function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie (exited, not yet reaped) is gone for our purpose.
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

async function waitUntil(predicate, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await predicate()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** Starts a node script and resolves with it and the first stdout line matching `ready`. */
function startScript(args, { env = {}, ready = /\{.*\}/, timeoutMs = 20_000 } = {}) {
  const proc = spawn(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} not ready in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (data) => {
      output += data;
      const match = output.match(ready);
      if (match) {
        clearTimeout(timer);
        proc.stdout.off('data', onData);
        resolve({ proc, match, output: () => output });
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', (d) => (output += d));
    proc.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}):\n${output}`)));
  });
}

const exited = (proc) =>
  new Promise((resolve) => (proc.exitCode !== null || proc.signalCode !== null ? resolve() : proc.once('exit', resolve)));

describe('process groups (scripts/lib/processGroup.mjs)', { skip: !linux && 'needs Linux (/proc)' }, () => {
  const fixture = path.join(repoRoot, 'scripts/test/fixtures/groupOwner.mjs');
  const leftovers = [];
  after(() => {
    for (const pid of leftovers) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  });

  for (const [how, end] of [
    ['SIGINT', (proc) => proc.kill('SIGINT')],
    ['SIGTERM', (proc) => proc.kill('SIGTERM')],
    ['an uncaught exception', () => {}],
    ['an unhandled rejection', () => {}],
    ['SIGKILL (the owner killed outright)', (proc) => proc.kill('SIGKILL')],
  ]) {
    it(`stops the child and the grandchild on ${how}`, async () => {
      const arg = how.startsWith('an uncaught') ? 'throw' : how.startsWith('an unhandled') ? 'reject' : 'wait';
      const { proc, match } = await startScript([fixture, arg]);
      const pids = JSON.parse(match[0]);
      leftovers.push(pids.child, pids.grandchild);
      assert.ok(isAlive(pids.child) && isAlive(pids.grandchild), 'children started');
      end(proc);
      await exited(proc);
      await waitUntil(() => !isAlive(pids.child) && !isAlive(pids.grandchild), 30_000, `pids ${pids.child} and ${pids.grandchild} to stop`);
    });
  }
});

describe('npm start (scripts/start.mjs)', { skip: !linux && 'needs Linux (/proc)' }, () => {
  it('leaves no BFF behind when it is killed outright', { timeout: 150_000 }, async () => {
    // Every port free (never a default: a console may be running on this machine).
    const ports = await freePortEnv();
    const bffPort = ports.BFF_PORT;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-start-test-'));
    const { proc } = await startScript(['scripts/start.mjs', '--no-install', '--no-build'], {
      env: { ...ports, PGLITE_DATA_DIR: dataDir },
      ready: /is running on/,
      timeoutMs: 120_000,
    });
    try {
      const health = await fetch(`http://127.0.0.1:${bffPort}/health`);
      assert.equal(health.status, 200, 'the BFF answers');
      const descendants = descendantsOf(proc.pid);
      assert.ok(descendants.length > 0, 'start.mjs has children');
      proc.kill('SIGKILL');
      await exited(proc);
      await waitUntil(() => descendants.every((pid) => !isAlive(pid)), 20_000, `the BFF processes ${descendants} to stop`);
      await assert.rejects(fetch(`http://127.0.0.1:${bffPort}/health`), 'nothing listens on the BFF port any more');
    } finally {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  for (const variable of ['PORT', 'BFF_PORT', 'POINTS_API_PORT', 'PGLITE_WIRE_PORT', 'ANVIL_PORT']) {
    it(`stops at once, naming ${variable}, when its port is taken`, { timeout: 30_000 }, async () => {
      const held = await holdPort();
      const port = held.address().port;
      const started = Date.now();
      try {
        const proc = spawn(process.execPath, ['scripts/start.mjs', '--no-install', '--no-build'], {
          cwd: repoRoot,
          env: { ...process.env, ...(await freePortEnv()), [variable]: String(port) },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        proc.stdout.on('data', (d) => (output += d));
        proc.stderr.on('data', (d) => (output += d));
        const code = await new Promise((resolve) => proc.once('exit', resolve));
        assert.equal(code, 1, output);
        assert.match(output, new RegExp(`port ${port} \\(${variable}\\) is already in use`));
        assert.ok(Date.now() - started < 10_000, `stopped after ${Date.now() - started} ms`);
      } finally {
        held.close();
      }
    });
  }
});

describe('the BFF and the points API (scripts/lib/console.mjs)', () => {
  it('a BFF whose PGlite wire port is taken stops at once and says why', { timeout: 60_000 }, async () => {
    const held = await holdPort();
    const wirePort = held.address().port;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-start-test-'));
    const started = Date.now();
    try {
      await assert.rejects(
        startBff({ port: await freePort(), quiet: true, env: { PGLITE_DATA_DIR: dataDir, PGLITE_WIRE_PORT: String(wirePort) } }),
        (error) => {
          assert.match(error.message, /The BFF stopped \(exit 1\) before answering/);
          // Its last words, a JSON log line (shared/server/src/http/logging.ts).
          assert.match(error.message, /"service":"bff"/);
          assert.match(error.message, new RegExp(`"msg":"not started: port ${wirePort} \\(PGLITE_WIRE_PORT\\) is already in use"`));
          return true;
        },
      );
      // tsx's start-up is most of it; before the fix this waited 60 s and said nothing.
      assert.ok(Date.now() - started < 30_000, `took ${Date.now() - started} ms`);
    } finally {
      held.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a points API whose port is taken is refused before it starts, naming the variable', async () => {
    const held = await holdPort();
    const port = held.address().port;
    try {
      await assert.rejects(startPointsApi({ port, quiet: true, databaseUrl: 'postgres://127.0.0.1:1/none' }), {
        message: `The points API was not started: port ${port} (POINTS_API_PORT) is already in use`,
      });
    } finally {
      held.close();
    }
  });
});

/** A listener on a system-chosen port, as another program holding it would be. */
function holdPort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => resolve(server));
    server.once('error', reject);
  });
}

/** Every process below pid (from /proc): the BFF group and its watchdog. */
function descendantsOf(pid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      /* exited meanwhile */
    }
  }
  const found = [];
  const walk = (p) => {
    for (const [child, parent] of parents) {
      if (parent === p) {
        found.push(child);
        walk(child);
      }
    }
  };
  walk(pid);
  return found;
}
