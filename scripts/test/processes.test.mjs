// npm start / npm run dev leave no child behind: whether their script is interrupted, terminated,
// crashes, or is killed outright (SIGKILL), the children it started and their own children stop.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../lib/pnpm.mjs';

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

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
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
    const [port, bffPort] = [await freePort(), await freePort()];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-start-test-'));
    const { proc } = await startScript(['scripts/start.mjs', '--no-install', '--no-build'], {
      env: { PORT: String(port), BFF_PORT: String(bffPort), PGLITE_DATA_DIR: dataDir },
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
});

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
