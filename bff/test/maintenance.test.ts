import { maintenanceDocument, type MaintenanceStatus } from '@phoenix/contract';
import { itKeepsTheDocumentContract } from '@phoenix/server/testing';
import { at, DAY, expectGuarded, HOUR, lastLog, logCount, useSystemApp } from './support/system';

const { app, call } = useSystemApp();
const current = async (): Promise<MaintenanceStatus> => (await call('GET', '/maintenance')).json();
const put = async (body: Record<string, unknown>) => {
  const doc = await current();
  return call('PUT', '/maintenance', { enabled: doc.enabled, message: doc.message, version: doc.version, ...body });
};

test('/maintenance and /dashboard/summary: 401 without a app.token, 403 for a role-1 operator', async () => {
  await expectGuarded(app.t, app.operatorToken, [
    ['GET', '/maintenance'],
    ['PUT', '/maintenance'],
    ['GET', '/dashboard/summary'],
  ]);
});

test('GET → the single document, created off by the migration', async () => {
  const response = await call('GET', '/maintenance');
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    enabled: false,
    message: '',
    plannedStart: null,
    plannedEnd: null,
    allowedPlayerIds: [],
    version: 1,
    updatedAt: expect.any(String),
    updatedBy: null,
  });
});

describe('validation', () => {
  const fieldErrorsOf = async (body: Record<string, unknown>) => {
    const before = await logCount(app.t);
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('validation_failed');
    expect(await logCount(app.t)).toBe(before);
    return response.json().error.fieldErrors as Record<string, string[]>;
  };

  test('a message is required when enabling', async () => {
    expect((await fieldErrorsOf({ enabled: true, message: '' })).message).toEqual(['Tell players why']);
    expect((await fieldErrorsOf({ enabled: true, message: '   ' })).message).toEqual(['Tell players why']);
  });

  test('message at most 1,000 characters', async () => {
    expect((await fieldErrorsOf({ message: 'x'.repeat(1001) })).message).toEqual(['Message is at most 1,000 characters']);
  });

  test('planned end after planned start', async () => {
    expect((await fieldErrorsOf({ plannedStart: at(app.t, DAY), plannedEnd: at(app.t, HOUR) })).plannedEnd).toEqual([
      'Planned end must be after planned start',
    ]);
    expect((await fieldErrorsOf({ plannedStart: 'next tuesday' })).plannedStart).toBeDefined();
  });

  test('a window that has already ended is refused on its end, with a key; one still running is saved', async () => {
    const response = await put({ message: 'Past', plannedStart: at(app.t, -2 * DAY), plannedEnd: at(app.t, -DAY) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      fieldErrors: { plannedEnd: ['The window has already ended: pick an end in the future'] },
      fieldErrorKeys: { plannedEnd: ['the_window_has_already_ended'] },
    });
    expect((await fieldErrorsOf({ plannedStart: null, plannedEnd: at(app.t, -HOUR) })).plannedEnd).toEqual([
      'The window has already ended: pick an end in the future',
    ]);
    const running = await put({ message: 'Running', plannedStart: at(app.t, -HOUR), plannedEnd: at(app.t, HOUR) });
    expect(running.statusCode).toBe(200);
    // Once it has ended, other changes are still saved with the window as it was.
    const { plannedStart, plannedEnd } = running.json() as MaintenanceStatus;
    app.t.clock.advanceMinutes(120);
    expect((await put({ message: 'Done', plannedStart, plannedEnd })).statusCode).toBe(200);
    expect((await put({ message: '', plannedStart: null, plannedEnd: null })).statusCode).toBe(200);
  });

  test('player ids: positive integers, at most 100,000, reported on the list', async () => {
    const bad = await fieldErrorsOf({ allowedPlayerIds: [1, 2.5, -3, 0, '7', 2147483648, null] });
    expect(bad.allowedPlayerIds).toEqual([
      'Player ids are whole numbers from 1 to 2147483647 (not 2.5, -3, 0, "7", 2147483648 and 1 more)',
    ]);
    expect((await fieldErrorsOf({ allowedPlayerIds: 'all' })).allowedPlayerIds).toEqual(['Send a list of player ids']);
    const tooMany = Array.from({ length: 100_001 }, (_, i) => i + 1);
    expect((await fieldErrorsOf({ allowedPlayerIds: tooMany })).allowedPlayerIds).toEqual(['At most 100,000 player ids at a time']);
  });

  test('enabled and version are required', async () => {
    const response = await call('PUT', '/maintenance', { message: 'x' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fieldErrors).sort()).toEqual(['enabled', 'version']);
  });
});

describe('saving', () => {
  test('enable: saved, ids deduped and sorted, logged as maintenance.enable with before/after snapshots', async () => {
    const before = await current();
    app.t.clock.advanceMinutes(1);
    const response = await put({
      enabled: true,
      message: 'Server upgrade',
      plannedStart: '2030-01-15T19:00:00+09:00',
      plannedEnd: at(app.t, 3 * HOUR),
      allowedPlayerIds: [30, 10, 20, 10, 30],
    });
    expect(response.statusCode).toBe(200);
    const saved: MaintenanceStatus = response.json();
    expect(saved).toEqual({
      enabled: true,
      message: 'Server upgrade',
      plannedStart: '2030-01-15T10:00:00.000Z',
      plannedEnd: at(app.t, 3 * HOUR),
      allowedPlayerIds: [10, 20, 30],
      version: before.version + 1,
      updatedAt: app.t.clock.now().toISOString(),
      updatedBy: expect.stringContaining('@test.local'),
    });
    expect(await current()).toEqual(saved);
    const log = await lastLog(app.t, 'maintenance', 1);
    const { allowedPlayerIds: _b, ...beforeRest } = before;
    const { allowedPlayerIds: _a, ...afterRest } = saved;
    expect(log).toMatchObject({
      action: 'maintenance.enable',
      before: { ...beforeRest, allowedPlayerCount: 0 },
      after: {
        ...afterRest,
        allowedPlayerCount: 3,
        allowedPlayerIdsAdded: [10, 20, 30],
        allowedPlayerIdsAddedCount: 3,
        allowedPlayerIdsRemoved: [],
        allowedPlayerIdsRemovedCount: 0,
      },
    });
  });

  test('omitting allowedPlayerIds keeps the list; a change while on is maintenance.update', async () => {
    const response = await put({ message: 'Longer upgrade' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ enabled: true, message: 'Longer upgrade', allowedPlayerIds: [10, 20, 30] });
    expect((await lastLog(app.t, 'maintenance', 1))?.action).toBe('maintenance.update');
  });

  test('replacing the list logs added and removed ids', async () => {
    await put({ allowedPlayerIds: [20, 40] });
    expect((await lastLog(app.t, 'maintenance', 1))?.after).toMatchObject({
      allowedPlayerCount: 2,
      allowedPlayerIdsAdded: [40],
      allowedPlayerIdsRemoved: [10, 30],
      allowedPlayerIdsRemovedCount: 2,
    });
  });

  test('disable (empty message allowed when off) → maintenance.disable', async () => {
    const response = await put({ enabled: false, message: '', plannedStart: null, plannedEnd: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ enabled: false, message: '', plannedStart: null, plannedEnd: null });
    expect(await lastLog(app.t, 'maintenance', 1)).toMatchObject({
      action: 'maintenance.disable',
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  test('a stale version → 409 with the current document; nothing saved or logged', async () => {
    const doc = await current();
    expect((await call('PUT', '/maintenance', { enabled: false, message: 'first', version: doc.version })).statusCode).toBe(200);
    const now = await current();
    const before = await logCount(app.t);
    const stale = await call('PUT', '/maintenance', { enabled: true, message: 'second', version: doc.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({ code: 'conflict', current: now });
    expect(await logCount(app.t)).toBe(before);
    expect((await current()).message).toBe('first');
  });

  test('100,000 allowed player ids round-trip (large ids: body over 1 MiB), the log stays small', async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => 2_147_483_647 - i * 3);
    const response = await put({ allowedPlayerIds: [...ids].reverse() });
    expect(response.statusCode).toBe(200);
    const sorted = [...ids].sort((a, b) => a - b);
    expect(response.json().allowedPlayerIds).toEqual(sorted);
    const read = await current();
    expect(read.allowedPlayerIds).toHaveLength(100_000);
    expect(read.allowedPlayerIds).toEqual(sorted);
    const log = await lastLog(app.t, 'maintenance', 1);
    const after = log?.after as { allowedPlayerCount: number; allowedPlayerIdsAdded: number[]; allowedPlayerIdsAddedCount: number };
    expect(after.allowedPlayerCount).toBe(100_000);
    expect(after.allowedPlayerIdsAdded).toHaveLength(1000);
    expect(after.allowedPlayerIdsAddedCount).toBe(100_000);
    // and clearing it again
    expect((await put({ allowedPlayerIds: [] })).json().allowedPlayerIds).toEqual([]);
  });
});

describe('GET /dashboard/summary', () => {
  test('maintenance on/off and window, and the 5 newest action-log entries', async () => {
    await put({ enabled: true, message: 'Dashboard check', plannedStart: at(app.t, HOUR), plannedEnd: at(app.t, 2 * HOUR) });
    const response = await call('GET', '/dashboard/summary');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.maintenance).toEqual({ enabled: true, plannedStart: at(app.t, HOUR), plannedEnd: at(app.t, 2 * HOUR) });
    expect(body.recentActions).toHaveLength(5);
    expect(body.recentActions[0]).toMatchObject({ action: 'maintenance.enable', targetType: 'maintenance' });
    const ids = body.recentActions.map((a: { id: number }) => a.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  test('live figures: the battles in progress and the active distributions are what their lists count', async () => {
    const now = app.t.clock.now();
    const battle = (status: 'ongoing' | 'finished', minutesAgo: number) => ({
      mode: 'ranked' as const,
      status,
      player_ids: JSON.stringify([1, 2]),
      started_at: new Date(now.getTime() - minutesAgo * 60_000),
      ended_at: status === 'ongoing' ? null : now,
      version: 1,
      created_at: now,
      updated_at: now,
    });
    await app.t.db
      .insertInto('battles')
      .values([battle('ongoing', 5), battle('ongoing', 2), battle('finished', 30)])
      .execute();
    const total = async (url: string) => (await call('GET', url)).json().total as number;
    const body = (await call('GET', '/dashboard/summary')).json();
    expect(body.live.battles).toBe(await total('/battles?status=ongoing'));
    expect(body.live.battles).toBeGreaterThanOrEqual(2);
    const active = (await total('/present-distributions?status=scheduled')) + (await total('/present-distributions?status=running'));
    expect(body.live.distributions.count).toBe(active);
    expect(body.live.distributions.next.length).toBe(Math.min(active, 5));
  });
});

itKeepsTheDocumentContract({ t: () => app.t, token: () => app.token, operatorToken: () => app.operatorToken }, maintenanceDocument, {
  field: 'message',
  change: (doc, n) => ({
    enabled: doc.enabled,
    message: `Contract change ${n}`,
    plannedStart: null,
    plannedEnd: null,
    version: doc.version,
  }),
  invalid: (doc) => ({ enabled: true, message: ' ', version: doc.version }),
  invalidField: 'message',
});

describe('history of the allow-list', () => {
  test('each version keeps its id list whole, so a restore brings the list back; the log still holds no ids', async () => {
    const withList: MaintenanceStatus = (await put({ allowedPlayerIds: [7, 5, 9] })).json();
    const cleared: MaintenanceStatus = (await put({ allowedPlayerIds: [] })).json();
    expect((await call('GET', `/maintenance/history/${withList.version}`)).json().value.allowedPlayerIds).toEqual([5, 7, 9]);

    const response = await call('POST', `/maintenance/history/${withList.version}/restore`, { version: cleared.version });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ allowedPlayerIds: [5, 7, 9], version: cleared.version + 1 });
    const log = await lastLog(app.t, 'maintenance', 1);
    expect(log?.action).toBe('maintenance.restore');
    expect(log?.before).toMatchObject({ allowedPlayerCount: 0 });
    expect(log?.before).not.toHaveProperty('allowedPlayerIds');
    expect(log?.after).toMatchObject({ allowedPlayerCount: 3, allowedPlayerIdsAdded: [5, 7, 9], allowedPlayerIdsAddedCount: 3 });
  });

  test('a version that no longer passes the rules (on without a message) is refused with a 400, nothing saved', async () => {
    const doc = await current();
    // An old "on" version written before the message rule existed.
    const version = doc.version + 1000;
    await app.t.db
      .insertInto('document_versions')
      .values({
        document: 'maintenance',
        version,
        value: JSON.stringify({ ...doc, enabled: true, message: '' }),
        saved_at: app.t.clock.now(),
        saved_by: 'legacy',
        restored_from: null,
      })
      .execute();
    const before = await logCount(app.t);
    const response = await call('POST', `/maintenance/history/${version}/restore`, { version: doc.version });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fieldErrors.message).toEqual(['Tell players why']);
    expect(await current()).toEqual(doc);
    expect(await logCount(app.t)).toBe(before);
    await app.t.db.deleteFrom('document_versions').where('version', '=', version).execute();
  });
});
