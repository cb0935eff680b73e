#!/usr/bin/env node
// The README's first command as a new user meets it: `npm start` in a fresh clone of the current
// commit (no node_modules, no builds), on free ports through the port variables (scripts/lib/ports.mjs),
// until the console answers and the local admin signs in through the BFF; then it is stopped and
// nothing of it may be left running. Prints one line with the seconds it took. `.ci/run` runs it
// before `npm test`:
//   node scripts/freshStart.mjs [--keep] [--timeout <seconds>] [--adopt-builds]
// --adopt-builds: afterwards, the clone's production builds move into this repository when it is
// exactly that commit (scripts/lib/buildStamp.mjs), so npm test's build step reuses them.
// Node's built-ins only (it runs where nothing is installed).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { adoptBuilds } from './lib/buildStamp.mjs';
import { freePortEnv, isPortTaken } from './lib/ports.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'admin@phoenix.local', password: 'phoenix-admin' };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function git(args, cwd) {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** A clone of `commit` of `repo` in a new temp folder: what `git clone` gives a new user. */
export function cloneCommit(repo = repoRoot, commit = git(['rev-parse', 'HEAD'], repo)) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-fresh-'));
  git(['clone', '--quiet', '--no-checkout', repo, dir]);
  git(['checkout', '--quiet', '--detach', commit], dir);
  return dir;
}

/** Processes whose working folder is inside `dir` (Linux /proc): what a stopped start left behind. */
export function processesIn(dir) {
  if (!fs.existsSync('/proc')) return [];
  const found = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const cwd = fs.readlinkSync(`/proc/${entry}/cwd`);
      if (cwd === dir || cwd.startsWith(`${dir}/`)) found.push(Number(entry));
    } catch {
      /* gone meanwhile, or not ours to read */
    }
  }
  return found;
}

/** Resolves once the console serves its page and /config.json, and the admin signs in through the BFF it names. */
async function untilSignedIn({ consoleUrl, deadline, exited }) {
  let last = 'the console did not answer';
  while (Date.now() < deadline && !exited()) {
    try {
      const page = await fetch(`${consoleUrl}/`);
      if (!page.ok || !/text\/html/.test(page.headers.get('content-type') ?? '')) throw new Error(`GET / answered ${page.status}`);
      const config = await (await fetch(`${consoleUrl}/config.json`)).json();
      const login = await fetch(`${config.apiBase}/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
      const { token } = await login.json();
      const summary = await fetch(`${config.apiBase}/dashboard/summary`, { headers: { token } });
      if (!summary.ok) throw new Error(`the signed-in dashboard answered ${summary.status}`);
      return;
    } catch (error) {
      last = error.message;
    }
    await sleep(1000);
  }
  throw new Error(exited() ? 'npm start stopped before the console answered' : `not signed in in time (${last})`);
}

/**
 * Runs `command` (default: npm start) in `dir` on free ports; resolves with { seconds, output } once
 * the admin has signed in and everything has stopped; rejects, with the output's tail, otherwise.
 */
export async function freshStart({ dir, command = ['npm', 'start'], timeoutMs = 30 * 60_000, graceMs = 30_000, env: extraEnv = {} }) {
  const ports = await freePortEnv();
  const env = { ...process.env, ...ports, ...extraEnv };
  delete env.DATABASE_URL; // the README's start: the embedded database
  const started = Date.now();
  const child = spawn(command[0], command.slice(1), { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)));
  const tail = () => `\n--- last lines of its output ---\n${output.trimEnd().split('\n').slice(-60).join('\n')}`;
  let failure;
  let seconds;
  try {
    await untilSignedIn({
      consoleUrl: `http://127.0.0.1:${ports.PORT}`,
      deadline: started + timeoutMs,
      exited: () => child.exitCode !== null || child.signalCode !== null,
    });
    seconds = Math.round((Date.now() - started) / 1000);
  } catch (error) {
    failure = error;
  }

  // Stop it as Ctrl+C would (SIGINT to npm's group: npm and start.mjs); SIGKILL after graceMs.
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      /* already gone */
    }
  };
  signal('SIGINT');
  const how = await Promise.race([exited, sleep(graceMs).then(() => null)]);
  if (how === null) {
    signal('SIGKILL');
    await exited;
    failure ??= new Error(`npm start did not stop within ${graceMs / 1000} s of Ctrl+C`);
  }
  // Its services stop with it (processGroup.mjs): give them as long again, then nothing may remain.
  const until = Date.now() + graceMs;
  let left = processesIn(dir);
  while (left.length && Date.now() < until) {
    await sleep(250);
    left = processesIn(dir);
  }
  if (left.length) {
    for (const pid of left) process.kill(pid, 'SIGKILL');
    failure ??= new Error(`processes left running after it stopped: ${left.join(', ')}`);
  }
  for (const [variable, port] of Object.entries(ports)) {
    if (variable !== 'REMOTES_DEV_PORT' && (await isPortTaken(Number(port))))
      failure ??= new Error(`${variable} ${port} still taken after it stopped`);
  }
  if (failure) throw Object.assign(new Error(`${failure.message}${tail()}`), { output });
  return { seconds, output };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const timeoutArg = args.indexOf('--timeout');
  const timeoutMs = timeoutArg >= 0 ? Number(args[timeoutArg + 1]) * 1000 : undefined;
  const commit = git(['rev-parse', '--short', 'HEAD'], repoRoot);
  const dir = cloneCommit();
  try {
    const { seconds } = await freshStart({ dir, timeoutMs });
    console.log(
      `fresh clone of ${commit}: npm start served the console and the local admin signed in after ${seconds} s; stopped, nothing left running`,
    );
    if (args.includes('--adopt-builds')) {
      console.log(
        adoptBuilds(dir, repoRoot)
          ? "its production builds are this repository's now (same sources): npm test reuses them"
          : 'its production builds were not kept: this working tree differs from that commit',
      );
    }
  } catch (error) {
    console.error(`fresh clone of ${commit} (${dir}): npm start FAILED: ${error.message}`);
    process.exitCode = 1;
  } finally {
    if (!args.includes('--keep')) fs.rmSync(dir, { recursive: true, force: true });
  }
}
