// First: its jest.mock calls make kysely, PGlite, Fastify and pg-boss loadable here.
import { createTestApp, sessionToken, signedInAdmin, type TestApp } from './support/testApp';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ReleasesStatus } from '@phoenix/contract';
import { lastLog } from './support/system';
import { REPORTS_PER_MINUTE } from '../src/features/releases/routes';
import { DETAILED_ERRORS_PER_SESSION, MAX_VERSIONS_WITHOUT_PINS, pruneReports } from '../src/features/releases/repository';

/**
 * Shipping a remote safely, the BFF's side (features/releases): reports counted per remote version
 * and bounded (unknown versions, malformed or huge bodies, floods, rates), promote and abort written
 * to the environment file with its history and the action log, QA overrides per session.
 */
const integrity = (c: string) => `sha384-${c.repeat(64)}`;
let dir: string;
let file: string;
let t: TestApp;
let bare: TestApp;
let owner: { id: number; email: string; token: string };

function pinsFile(t: TestApp, extra: Record<string, unknown> = {}) {
  const startedAt = new Date(t.clock.now().getTime() - 3600_000).toISOString();
  return {
    environment: 'stg',
    apiBase: 'https://stg-bff.example',
    host: { version: '1.0.0' },
    remotes: {
      system: { version: '1.0.0' },
      points: {
        version: '1.4.0',
        integrity: integrity('a'),
        canary: {
          version: '1.5.0',
          integrity: integrity('b'),
          audience: { percent: 50, admins: [3], roles: ['economy'] },
          // Never judged here (the checks' job runs in the background): releasesRollback.test.ts tests the rollback.
          rollback: { minSessions: 1000, maxErrorRateIncrease: 0.05 },
          startedAt,
        },
      },
    },
    qaOverrides: { allowed: true, roles: ['owner', 'content'] },
    history: [{ at: startedAt, action: 'set', target: 'points', from: '1.3.0', to: '1.4.0' }],
    ...extra,
  };
}
const writeFile = (data: unknown) => fs.writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
const readFile = () => JSON.parse(fs.readFileSync(file, 'utf8'));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'phoenix-pins-'));
  file = path.join(dir, 'stg.json');
  fs.writeFileSync(file, '{}');
  t = await createTestApp({ environmentFile: file });
  writeFile(pinsFile(t));
  owner = await signedInAdmin(t);
  bare = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const report = (app: TestApp, token: string, events: object[]) =>
  app.call(token, { method: 'POST', url: '/releases/reports', payload: { events } });
const event = (kind: string, version: string, extra: object = {}) => ({ kind, remote: 'points', version, page: '/points/tasks', ...extra });
async function newSession(app: TestApp = t, roles?: string[]) {
  const account = await app.createAccount(roles ? { roles: roles as never } : {});
  return { id: account.id, email: account.email, token: await sessionToken(app, account.id) };
}
const status = async (app: TestApp = t): Promise<ReleasesStatus> =>
  (await app.call(owner.token, { method: 'GET', url: '/releases' })).json();

describe('reports', () => {
  test('are counted per remote version and session: sessions, errored sessions, errors, rate and the last error', async () => {
    const a = await newSession();
    const b = await newSession();
    const c = await newSession();
    expect(
      (await report(t, a.token, [event('session', '1.5.0'), event('render-error', '1.5.0', { message: 'x is undefined' })])).json(),
    ).toEqual({
      accepted: 2,
      sampled: 0,
    });
    const second = await report(t, a.token, [event('unhandled-rejection', '1.5.0', { message: 'boom', page: '/points/lottery' })]);
    expect(second.statusCode).toBe(202);
    expect((await report(t, b.token, [event('session', '1.5.0')])).statusCode).toBe(202);
    expect((await report(t, c.token, [event('session', '1.4.0'), event('session', '1.4.0')])).statusCode).toBe(202);

    const points = (await status()).remotes.find((r) => r.remote === 'points')!;
    expect(points.stable).toEqual({ version: '1.4.0' });
    expect(points.canary).toMatchObject({ version: '1.5.0', audience: { percent: 50, admins: [3], roles: ['economy'] } });
    const [stable, canary] = points.versions;
    expect(stable).toEqual({ version: '1.4.0', sessions: 1, erroredSessions: 0, errors: 0, errorRate: 0, lastError: null });
    expect(canary).toEqual({
      version: '1.5.0',
      sessions: 2,
      erroredSessions: 1,
      errors: 2,
      errorRate: 0.5,
      lastError: { kind: 'unhandled-rejection', message: 'boom', page: '/points/lottery', at: t.clock.now().toISOString() },
    });
    expect(points.history).toEqual([expect.objectContaining({ action: 'set', to: '1.4.0' })]);
    const keys = await t.db.selectFrom('release_sessions').select('session_key').execute();
    // The session key is a hash, never the token nor the session's id.
    for (const { session_key } of keys) expect(session_key).toMatch(/^[0-9a-f]{40}$/);

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/phoenix_remote_reports_total\{remote="points",version="1\.5\.0",kind="render-error",service="bff"\} 1/);
    expect(metrics.body).toMatch(/phoenix_remote_reports_total\{remote="points",version="1\.4\.0",kind="session",service="bff"\} 2/);
  });

  test('refuses an unknown version (400, keyed), a malformed body (400), an unknown remote (400) and a huge body (413, keyed)', async () => {
    const s = await newSession();
    const unknown = await report(t, s.token, [event('session', '9.9.9')]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      messageKey: 'unknown_remote_version',
      messageParams: { remote: 'points', version: '9.9.9' },
    });
    // A version the history names is known (an admin may still run it until their next navigation).
    expect((await report(t, s.token, [event('session', '1.3.0')])).statusCode).toBe(202);

    const malformed = await t.call(s.token, {
      method: 'POST',
      url: '/releases/reports',
      headers: { 'content-type': 'application/json' },
      payload: '{"events": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('The request body is not valid JSON');
    for (const events of [
      [{ ...event('session', '1.4.0'), remote: 'wallet' }],
      [{ ...event('session', '1.4.0'), page: 'https://admin.example/players/42?email=a@b' }],
      [{ ...event('session', '1.4.0'), adminEmail: 'a@b.example' }],
      [event('session', '1.4.0.1')],
      [],
      Array.from({ length: 21 }, () => event('session', '1.4.0')),
    ]) {
      const refused = await report(t, s.token, events);
      expect(refused.statusCode).toBe(400);
    }
    const huge = await report(t, s.token, [event('render-error', '1.4.0', { message: 'x'.repeat(20_000) })]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatchObject({ message: 'A report is at most 16 KB', messageKey: 'a_report_is_at_most_16_kb' });
    const rows = await t.db.selectFrom('release_sessions').select('version').where('version', '=', '9.9.9').execute();
    expect(rows).toEqual([]);
  });

  test('a flood from one session is sampled: at most 50 errors per session and version counted in detail', async () => {
    const s = await newSession();
    const batch = Array.from({ length: 20 }, (_, i) => event('render-error', '1.4.0', { message: `error ${i}` }));
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await report(t, s.token, batch)).json());
    expect(answers).toEqual([
      { accepted: 20, sampled: 0 },
      { accepted: 20, sampled: 0 },
      { accepted: DETAILED_ERRORS_PER_SESSION - 40, sampled: 60 - DETAILED_ERRORS_PER_SESSION },
    ]);
    const row = await t.db
      .selectFrom('release_sessions')
      .selectAll()
      .where('version', '=', '1.4.0')
      .where('errors', '>', 0)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ errors: DETAILED_ERRORS_PER_SESSION, sampled: 10, last_error_message: 'error 9' });
  });

  test(`past ${REPORTS_PER_MINUTE} reports a minute one session gets 429 with Retry-After (keyed); another session does not`, async () => {
    const s = await newSession();
    for (let i = 0; i < REPORTS_PER_MINUTE; i++) expect((await report(t, s.token, [event('session', '1.4.0')])).statusCode).toBe(202);
    const refused = await report(t, s.token, [event('session', '1.4.0')]);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error).toMatchObject({ messageKey: 'too_many_reports_try_again_in_n_seconds' });
    const other = await newSession();
    expect((await report(t, other.token, [event('session', '1.4.0')])).statusCode).toBe(202);
  });

  test('without a pins file: not managed, any version counted, but at most 20 versions per remote', async () => {
    const admin = await signedInAdmin(bare);
    const got = (await bare.call(admin.token, { method: 'GET', url: '/releases' })).json() as ReleasesStatus;
    expect(got).toMatchObject({ pinsManaged: false, environment: null, qaOverrides: { allowed: false, roles: [] } });
    expect(got.remotes.map((r) => r.remote)).toEqual(['system', 'user-policy', 'present', 'battle', 'points']);
    for (let i = 0; i < MAX_VERSIONS_WITHOUT_PINS; i++) {
      expect((await report(bare, admin.token, [event('session', `2.0.${i}`)])).statusCode).toBe(202);
    }
    expect((await report(bare, admin.token, [event('session', '2.0.5')])).statusCode).toBe(202);
    const refused = await report(bare, admin.token, [event('session', '3.0.0')]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.messageKey).toBe('unknown_remote_version');
    expect((await report(bare, admin.token, [{ ...event('session', '3.0.0'), remote: 'battle' }])).statusCode).toBe(202);

    for (const url of ['/releases/points/promote', '/releases/points/abort']) {
      const answer = await bare.call(admin.token, { method: 'POST', url, payload: { canaryVersion: '1.5.0' } });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error.messageKey).toBe('pins_are_not_managed_here');
    }
    const override = await bare.call(admin.token, {
      method: 'POST',
      url: '/releases/overrides',
      payload: { remote: 'points', version: '1.5.0' },
    });
    expect(override.statusCode).toBe(409);
    expect(override.json().error.messageKey).toBe('pins_are_not_managed_here');
  });
});

describe('promote and abort', () => {
  const decide = (decision: 'promote' | 'abort', payload: object, token = owner.token) =>
    t.call(token, { method: 'POST', url: `/releases/points/${decision}`, payload });

  test('a stale canary is a 409 naming the one now; a viewer may not decide', async () => {
    const stale = await decide('promote', { canaryVersion: '1.4.9' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      messageKey: 'the_canary_is_now_current_not_confirmed',
      messageParams: { remote: 'points', current: '1.5.0', confirmed: '1.4.9' },
    });
    const viewer = await newSession(t, ['viewer']);
    expect((await decide('abort', { canaryVersion: '1.5.0' }, viewer.token)).statusCode).toBe(403);
    expect(readFile().remotes.points.canary.version).toBe('1.5.0');
  });

  test('abort removes the canary, keeps the stable pin and its digest, adds history and an action-log row', async () => {
    const answer = await decide('abort', { canaryVersion: '1.5.0', reason: 'errors on the tasks page' });
    expect(answer.statusCode).toBe(200);
    const pins = readFile();
    expect(pins.remotes.points).toEqual({ version: '1.4.0', integrity: integrity('a') });
    expect(pins.history.at(-1)).toEqual({
      at: t.clock.now().toISOString(),
      action: 'abort',
      target: 'points',
      from: '1.5.0',
      to: '1.4.0',
      by: owner.email,
      reason: 'errors on the tasks page',
    });
    expect(pins.apiBase).toBe('https://stg-bff.example'); // the rest of the file as it was
    const log = await lastLog(t, 'release', 'points');
    expect(log).toMatchObject({ action: 'release.abort', admin_email: owner.email });
    const again = await decide('abort', { canaryVersion: '1.5.0' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.messageKey).toBe('no_canary_of_remote_runs_now');
    expect((await status()).remotes.find((r) => r.remote === 'points')!.canary).toBeNull();
  });

  test('promote makes the canary the stable version with its digest, for everyone', async () => {
    writeFile(pinsFile(t));
    const answer = await decide('promote', { canaryVersion: '1.5.0' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ remote: 'points', stable: { version: '1.5.0' }, canary: null, entry: { action: 'promote' } });
    const pins = readFile();
    expect(pins.remotes.points).toEqual({ version: '1.5.0', integrity: integrity('b') });
    expect(pins.history.at(-1)).toMatchObject({ action: 'promote', from: '1.4.0', to: '1.5.0', by: owner.email });
    expect(await lastLog(t, 'release', 'points')).toMatchObject({ action: 'release.promote' });
    expect(fs.readdirSync(dir)).toEqual(['stg.json']); // no temporary file left behind
  });

  test('in an environment held to approval (prd), promote is a change request, not a change', async () => {
    const held = await createTestApp({ environmentFile: file, changeControl: { mode: 'approve' } });
    try {
      writeFile(pinsFile(held));
      const admin = await signedInAdmin(held);
      const before = fs.readFileSync(file, 'utf8');
      const answer = await held.call(admin.token, { method: 'POST', url: '/releases/points/promote', payload: { canaryVersion: '1.5.0' } });
      expect(answer.statusCode).toBe(428);
      expect(answer.json().error).toMatchObject({ current: { scope: 'points canary 1.5.0 → stable', operation: 'release.promote' } });
      expect(fs.readFileSync(file, 'utf8')).toBe(before);

      // Filed (tried and rolled back: the file stays as it is), then approved by another admin: written.
      const filed = await held.call(admin.token, {
        method: 'POST',
        url: '/change-requests',
        payload: { method: 'POST', path: '/releases/points/promote', body: { canaryVersion: '1.5.0' }, reason: 'Healthy for a day' },
      });
      expect(filed.statusCode).toBe(201);
      expect(filed.json()).toMatchObject({ status: 'pending', scope: 'points canary 1.5.0 → stable' });
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
      const approver = await signedInAdmin(held);
      const approved = await held.call(approver.token, {
        method: 'POST',
        url: `/change-requests/${filed.json().id}/approve`,
        payload: { version: filed.json().version },
      });
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ status: 'applied' });
      expect(readFile().remotes.points).toEqual({ version: '1.5.0', integrity: integrity('b') });
      expect(readFile().history.at(-1)).toMatchObject({ action: 'promote', by: admin.email });
    } finally {
      await held.close();
    }
  });
});

describe('QA overrides', () => {
  const override = (token: string, payload: object) => t.call(token, { method: 'POST', url: '/releases/overrides', payload });

  test('an allowed admin overrides a remote in their own session only; it is listed, logged, known to reports and ended in one call', async () => {
    writeFile(pinsFile(t));
    const me = await newSession(t, ['content']);
    const other = await newSession(t, ['content']);
    const made = await override(me.token, { remote: 'points', version: '1.6.0-rc.1', integrity: integrity('c') });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      remote: 'points',
      version: '1.6.0-rc.1',
      integrity: integrity('c'),
      createdAt: t.clock.now().toISOString(),
    });
    expect((await t.call(me.token, { method: 'GET', url: '/releases/overrides' })).json()).toEqual([made.json()]);
    expect((await t.call(other.token, { method: 'GET', url: '/releases/overrides' })).json()).toEqual([]);
    expect(await lastLog(t, 'release', 'points')).toMatchObject({ action: 'release.override', admin_email: me.email });
    expect((await report(t, me.token, [event('session', '1.6.0-rc.1')])).statusCode).toBe(202);

    const ended = await t.call(me.token, { method: 'DELETE', url: '/releases/overrides/points' });
    expect(ended.statusCode).toBe(204);
    expect((await t.call(me.token, { method: 'GET', url: '/releases/overrides' })).json()).toEqual([]);
    expect(await lastLog(t, 'release', 'points')).toMatchObject({ action: 'release.overrideEnd' });
    expect((await t.call(me.token, { method: 'DELETE', url: '/releases/overrides/points' })).statusCode).toBe(204);
    // Its version is known to reports no longer (the console loads the pin again at once).
    expect((await report(t, other.token, [event('session', '1.6.0-rc.1')])).statusCode).toBe(400);
  });

  test('the checks prune report rows past 30 days and the overrides of ended sessions', async () => {
    const ended = await newSession(t, ['owner']);
    expect((await override(ended.token, { remote: 'points', version: '1.5.0' })).statusCode).toBe(201);
    const open = await newSession(t, ['owner']);
    expect((await override(open.token, { remote: 'points', version: '1.5.0' })).statusCode).toBe(201);
    await t.db.updateTable('sessions').set({ revoked_at: t.clock.now() }).where('admin_id', '=', ended.id).execute();
    const old = new Date(t.clock.now().getTime() - 31 * 86_400_000);
    await t.db
      .insertInto('release_sessions')
      .values({ remote: 'points', version: '1.2.0', session_key: 'old', first_at: old, last_at: old })
      .execute();
    const rows = async () => (await t.db.selectFrom('release_sessions').select('session_key').execute()).length;
    const before = await rows();
    await pruneReports(t.db, t.clock.now());
    expect(await rows()).toBe(before - 1);
    const overrides = await t.db.selectFrom('release_overrides').select('session_id').execute();
    expect(overrides).toHaveLength(1);
    expect((await t.call(open.token, { method: 'GET', url: '/releases/overrides' })).json()).toHaveLength(1);
  });

  test('refused with the reason: a role not allowed, overrides off here, a remote not pinned, a bad version', async () => {
    const viewer = await newSession(t, ['viewer']);
    const byRole = await override(viewer.token, { remote: 'points', version: '1.5.0' });
    expect(byRole.statusCode).toBe(403);
    expect(byRole.json().error).toMatchObject({
      messageKey: 'qa_overrides_not_allowed',
      message: 'QA overrides are not allowed to you here: QA overrides need one of these roles: owner, content',
    });
    const content = await newSession(t, ['content']);
    const unpinned = await override(content.token, { remote: 'battle', version: '1.5.0' });
    expect(unpinned.statusCode).toBe(409);
    expect(unpinned.json().error.messageKey).toBe('remote_is_not_pinned_here');
    expect((await override(content.token, { remote: 'points', version: 'latest' })).statusCode).toBe(400);

    writeFile(pinsFile(t, { qaOverrides: undefined }));
    const off = await override(content.token, { remote: 'points', version: '1.5.0' });
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toMatchObject({
      messageKey: 'qa_overrides_not_allowed',
      messageParams: { reason: 'QA overrides are off in this environment' },
    });
    expect((await status()).qaOverrides).toEqual({ allowed: false, roles: [] });
  });
});
