// Starts the real BFF (bff/src/main.ts) as a child process on a bench database and signs in,
// so that what the benches measure is the server as it runs, in its own event loop.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchTarget } from './databases';
import { freePort } from './deps';

const bffDir = path.resolve(__dirname, '..', '..', 'bff');

export interface RunningBff {
  url: string;
  token: string;
  pid: number;
  /** Resident memory now / at its peak (VmHWM), in KiB, of the BFF process. */
  rssKb(): number;
  peakRssKb(): number;
  stop(): Promise<void>;
}

export async function startBff(target: BenchTarget): Promise<RunningBff> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: bffDir,
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PHOENIX_ENV: 'local',
      SEED_LOCAL_DATA: '1',
      LOG_LEVEL: 'warn',
      // The benches time the work, not the per-admin limits (60 searches, 10 exports a minute).
      SEARCHES_PER_MINUTE: '1000000',
      EXPORTS_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  child.stdout.on('data', (chunk: Buffer) => (output = (output + chunk).slice(-64 * 1024)));
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk).slice(-64 * 1024)));
  // Up once it answers /health (its start-up line is at info, below this LOG_LEVEL).
  await new Promise<void>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      settled = true;
      reject(error);
    };
    const timer = setTimeout(() => fail(new Error(`BFF did not start in 180 s:\n${output}`)), 180_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`BFF exited (${code}):\n${output}`));
    });
    const poll = (): unknown =>
      settled ||
      fetch(`${url}/health`).then(
        (response) => {
          if (!response.ok) return setTimeout(poll, 250);
          clearTimeout(timer);
          resolve();
        },
        () => setTimeout(poll, 250),
      );
    void poll();
  });
  child.removeAllListeners('exit');
  const login = await fetch(`${url}/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@phoenix.local', password: 'phoenix-admin' }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const status = (field: string) =>
    Number(
      /\d+/.exec(
        readFileSync(`/proc/${child.pid}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith(field)) ?? '0',
      )?.[0] ?? 0,
    );
  return {
    url,
    token,
    pid: child.pid!,
    rssKb: () => status('VmRSS:'),
    peakRssKb: () => status('VmHWM:'),
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** GET with the session token; → { ms, status, body } (body read fully). */
export async function timedGet(bff: RunningBff, path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${bff.url}${path}`, { headers: { token: bff.token, ...headers } });
  const body = await response.text();
  return { ms: performance.now() - started, status: response.status, body };
}
