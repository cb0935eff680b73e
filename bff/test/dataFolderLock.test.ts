// First: its jest.mock calls make kysely (ESM-only), PGlite and Fastify loadable in jest.
import { freePort } from '@phoenix/server/testing';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { acquireDataFolderLock, DataFolderLockedError, lockFileOf } from '@phoenix/server/db';

jest.setTimeout(180_000);

const BFF_DIR = path.resolve(__dirname, '..');

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-lock-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The pid of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('the data folder lock', () => {
  test('a second holder is refused, naming the first; released, the folder can be taken again', () => {
    const dir = path.join(root, 'pglite');
    const first = acquireDataFolderLock(dir);
    expect(JSON.parse(fs.readFileSync(first.lockFile, 'utf8'))).toEqual({
      pid: process.pid,
      host: os.hostname(),
      startedAt: expect.any(String),
    });
    expect(() => acquireDataFolderLock(dir)).toThrow(DataFolderLockedError);
    expect(() => acquireDataFolderLock(dir)).toThrow(`in use by process ${process.pid} on ${os.hostname()}`);
    first.release();
    expect(fs.existsSync(first.lockFile)).toBe(false);
    acquireDataFolderLock(dir).release();
  });

  test('a lock left by a dead process is taken over', () => {
    const dir = path.join(root, 'pglite');
    const stale = { pid: deadPid(), host: os.hostname(), startedAt: new Date(Date.now() - 60_000).toISOString() };
    fs.writeFileSync(lockFileOf(dir), JSON.stringify(stale));
    const lock = acquireDataFolderLock(dir);
    expect(JSON.parse(fs.readFileSync(lock.lockFile, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  test('a lock whose pid now belongs to a younger process (pid reused) is taken over', () => {
    const dir = path.join(root, 'pglite');
    // process 1 (init) started long before this "lock" was written
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: '2000-01-01T00:00:00.000Z' }));
    const lock = acquireDataFolderLock(dir);
    lock.release();
  });

  test('a lock held by a live process, or on another host, is respected', () => {
    const dir = path.join(root, 'pglite');
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: process.ppid, host: os.hostname(), startedAt: new Date().toISOString() }));
    expect(() => acquireDataFolderLock(dir)).toThrow(`in use by process ${process.ppid}`);
    fs.writeFileSync(lockFileOf(dir), JSON.stringify({ pid: deadPid(), host: 'another-machine', startedAt: new Date().toISOString() }));
    expect(() => acquireDataFolderLock(dir)).toThrow('on another-machine');
  });
});

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startBff(dataDir: string, port: number): Started {
  // One process (node with tsx's loader), so its pid is the lock holder's and SIGKILL really kills it.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: BFF_DIR,
    env: { ...process.env, PGLITE_DATA_DIR: dataDir, PORT: String(port), SEED_LOCAL_DATA: '0', DATABASE_URL: '', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function listening(bff: Started): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (!bff.output().includes('listening on')) {
    if (bff.child.exitCode !== null || Date.now() > deadline) throw new Error(`BFF did not start:\n${bff.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every file under the folder with its size and modification time. */
function snapshot(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => {
      const stat = fs.statSync(path.join(dir, name));
      return `${name} ${stat.size} ${stat.mtimeMs}`;
    })
    .sort();
}

test('two BFFs on one data folder: the second refuses to start, naming the first, and leaves the data untouched', async () => {
  const dataDir = path.join(root, 'pglite');
  const first = startBff(dataDir, await freePort());
  const cleanup: Started[] = [first];
  try {
    await listening(first);
    // Freeze the first BFF (it stays alive, so it still holds the lock): its own background writes
    // (pg-boss polling) must not count as the second's.
    first.child.kill('SIGSTOP');
    const before = snapshot(dataDir);

    const second = startBff(dataDir, await freePort());
    cleanup.push(second);
    expect(await second.exited).toBe(1);
    // A fatal JSON log line (the BFF logs as pino).
    expect(second.output()).toContain(`"service":"bff"`);
    expect(second.output()).toContain(`"msg":"not started: The data folder ${dataDir} is in use by process`);
    const holder = JSON.parse(fs.readFileSync(lockFileOf(dataDir), 'utf8'));
    expect(second.output()).toContain(`process ${holder.pid} on ${holder.host}`);
    expect(snapshot(dataDir)).toEqual(before);
    first.child.kill('SIGCONT');

    // A stopped BFF gives the folder back.
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(lockFileOf(dataDir))).toBe(false);
  } finally {
    for (const bff of cleanup) if (bff.child.exitCode === null && bff.child.signalCode === null) bff.child.kill('SIGKILL');
  }
});
