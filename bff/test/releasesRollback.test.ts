// First: its jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { createTestApp, sessionToken, TEST_PASSWORD_HASH, type TestApp } from './support/testApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { createDb } from '@phoenix/server/db';
import { testDatabaseUrl } from '@phoenix/server/testing';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/schema';
import { breachOf, runReleaseChecks } from '../src/features/releases/rollback';

/**
 * The automatic rollback: a canary whose error rate passes its stable's by more than its limit, with
 * enough sessions, is aborted in the environment file (history and action log saying why), once,
 * however many instances judge it at the same moment; and a report that touches a canary has it
 * judged within seconds by the durable job, on whichever instance takes it.
 */
jest.setTimeout(180_000);

let dir: string;
let file: string;
let t: TestApp;
let second: FastifyInstance;
let secondDb: Kysely<Database> | null = null;
const JOBS = { pollingIntervalSeconds: 0.5 };

function pins(canary: { version: string; minSessions: number; startedAt: string }) {
  return {
    environment: 'stg',
    host: { version: '1.0.0' },
    remotes: {
      points: {
        version: '1.4.0',
        canary: {
          version: canary.version,
          audience: { percent: 50, admins: [], roles: [] },
          rollback: { minSessions: canary.minSessions, maxErrorRateIncrease: 0.05 },
          startedAt: canary.startedAt,
        },
      },
    },
    history: [{ at: canary.startedAt, action: 'canary', target: 'points', from: '1.4.0', to: canary.version }],
  };
}
const writeFile = (data: unknown) => fs.writeFileSync(file, JSON.stringify(data, null, 2));
const readFile = () => JSON.parse(fs.readFileSync(file, 'utf8'));
const hourAgo = () => new Date(t.clock.now().getTime() - 3600_000).toISOString();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-rollback-'));
  file = path.join(dir, 'stg.json');
  fs.writeFileSync(file, '{}');
  t = await createTestApp({ environmentFile: file, jobs: JOBS });
  // A second instance on the same database and file (its own pool on PostgreSQL; the one PGlite otherwise).
  const url = testDatabaseUrl(t.db);
  if (url) secondDb = createDb<Database>({ kind: 'postgres', connectionString: url, maxConnections: 3 });
  second = await buildApp({
    db: secondDb ?? t.db,
    closeDbOnClose: false,
    migrate: false,
    now: t.clock.now,
    passwordHash: TEST_PASSWORD_HASH,
    environmentFile: file,
    jobs: JOBS,
  });
});
afterAll(async () => {
  await second?.close();
  await secondDb?.destroy();
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** `count` new sessions report `version`, the first `errored` of them with a render error. */
async function sessions(version: string, count: number, errored: number, app: 'first' | 'second' = 'first') {
  for (let i = 0; i < count; i++) {
    const account = await t.createAccount({});
    const token = await sessionToken(t, account.id);
    const events = [
      { kind: 'session', remote: 'points', version, page: '/points/tasks' },
      ...(i < errored ? [{ kind: 'render-error', remote: 'points', version, page: '/points/tasks', message: 'broken on purpose' }] : []),
    ];
    const inject = app === 'first' ? t.app.inject.bind(t.app) : second.inject.bind(second);
    const answer = await inject({ method: 'POST', url: '/releases/reports', headers: { token }, payload: { events } });
    expect(answer.statusCode).toBe(202);
  }
}

test('the breach rule: enough canary sessions, and a rate more than the limit above the stable one', () => {
  const canary = {
    version: '1.5.0',
    audience: { percent: 50, admins: [], roles: [] },
    rollback: { minSessions: 2, maxErrorRateIncrease: 0.05 },
    startedAt: '',
  };
  const stats = (sessions: number, erroredSessions: number) => ({
    version: '',
    sessions,
    erroredSessions,
    errors: erroredSessions,
    errorRate: sessions ? erroredSessions / sessions : 0,
    lastError: null,
  });
  expect(breachOf('points', '1.4.0', canary, stats(1, 1), stats(5, 0))).toBeNull(); // too few sessions
  expect(breachOf('points', '1.4.0', canary, stats(20, 3), stats(10, 1))).toBeNull(); // +5 points exactly: within the limit
  expect(breachOf('points', '1.4.0', canary, stats(4, 3), stats(5, 0))).toBe(
    'points 1.5.0: 3 of 4 sessions with errors (75%) against 0 of 5 (0%) on 1.4.0; limit +5 points, at least 2 sessions',
  );
});

test('below its minimum of sessions a failing canary is left alone; past it, two instances judging at once abort it once', async () => {
  const startedAt = hourAgo();
  // Reported while the file names 1.5.0 in its history only: no report queues a check of its own
  // (the job would judge the canary in the background, beside the checks this test runs).
  const { canary: _none, ...withoutCanary } = pins({ version: '1.5.0', minSessions: 5, startedAt }).remotes.points;
  writeFile({ ...pins({ version: '1.5.0', minSessions: 5, startedAt }), remotes: { points: withoutCanary } });
  await sessions('1.5.0', 4, 3);
  await sessions('1.4.0', 5, 0, 'second');
  writeFile(pins({ version: '1.5.0', minSessions: 5, startedAt }));
  expect(await runReleaseChecks(t.ctx, file)).toEqual([]);
  expect(readFile().remotes.points.canary.version).toBe('1.5.0');

  writeFile(pins({ version: '1.5.0', minSessions: 2, startedAt }));
  const other = { db: secondDb ?? t.db, now: t.clock.now };
  const results = await Promise.all([runReleaseChecks(t.ctx, file), runReleaseChecks(other, file), runReleaseChecks(t.ctx, file)]);
  expect(results.flat()).toEqual(['points']);

  const after = readFile();
  expect(after.remotes.points).toEqual({ version: '1.4.0' });
  const aborts = after.history.filter((h: { action: string }) => h.action === 'auto-abort');
  expect(aborts).toEqual([
    {
      at: t.clock.now().toISOString(),
      action: 'auto-abort',
      target: 'points',
      from: '1.5.0',
      to: '1.4.0',
      by: 'automatic rollback',
      reason: 'points 1.5.0: 3 of 4 sessions with errors (75%) against 0 of 5 (0%) on 1.4.0; limit +5 points, at least 2 sessions',
    },
  ]);
  const logs = await t.db.selectFrom('action_logs').selectAll().where('action', '=', 'release.autoAbort').execute();
  expect(logs).toHaveLength(1);
  expect(logs[0]).toMatchObject({ admin_id: null, admin_email: 'automatic rollback', target_type: 'release', target_id: 'points' });
  // The versions page says why.
  const admin = await t.createAccount({});
  const status = await t.call(await sessionToken(t, admin.id), { method: 'GET', url: '/releases' });
  const points = status.json().remotes.find((r: { remote: string }) => r.remote === 'points');
  expect(points.canary).toBeNull();
  expect(points.history.at(-1)).toMatchObject({ action: 'auto-abort', reason: aborts[0].reason });
});

test('reports that push a canary past its limit have it aborted by the job within seconds, on either instance', async () => {
  t.clock.advanceMinutes(1); // a new canary, a new window of reports
  const startedAt = t.clock.now().toISOString();
  writeFile(pins({ version: '1.6.0', minSessions: 3, startedAt }));
  await sessions('1.4.0', 3, 0, 'second');
  await sessions('1.6.0', 3, 2);
  const deadline = Date.now() + 30_000;
  while (readFile().remotes.points.canary && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
  const after = readFile();
  expect(after.remotes.points.canary).toBeUndefined();
  expect(after.history.filter((h: { action: string; from: string }) => h.action === 'auto-abort' && h.from === '1.6.0')).toEqual([
    expect.objectContaining({
      reason: 'points 1.6.0: 2 of 3 sessions with errors (66.7%) against 0 of 3 (0%) on 1.4.0; limit +5 points, at least 3 sessions',
    }),
  ]);
  // One check queued per remote and 10-second window, whichever instance took the report.
  const slots = await t.db.selectFrom('release_check_slots').select('key').where('key', 'like', 'remote:points:%').execute();
  expect(slots.length).toBeLessThanOrEqual(2);
});
