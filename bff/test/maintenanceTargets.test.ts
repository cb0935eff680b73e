import type { ActionLog, MaintenanceStatus } from '@phoenix/contract';
import { MAINTENANCE_LOG_ID_SAMPLE } from '@phoenix/contract';
import { lastLog, useSystemApp } from './support/system';

/**
 * The maintenance allow-list keeps a sample of its changed ids in the log's `after` (the diff), and
 * every added and removed id in action_log_targets: a player's history finds the change that let
 * them in or out, past the sample too.
 */
const { app, call } = useSystemApp();

const put = async (body: Record<string, unknown>): Promise<MaintenanceStatus> => {
  const doc: MaintenanceStatus = (await call('GET', '/maintenance')).json();
  const response = await call('PUT', '/maintenance', { enabled: doc.enabled, message: doc.message, version: doc.version, ...body });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const actionsFor = async (target: string): Promise<string[]> => {
  const response = await call('GET', `/action-logs?target=${encodeURIComponent(target)}&pageSize=50`);
  expect(response.statusCode).toBe(200);
  return response.json().items.map((log: ActionLog) => `${log.action}#${log.id}`);
};
const targetsOf = async (logId: number): Promise<number[]> =>
  (
    await app.t.db
      .selectFrom('action_log_targets')
      .select('target_id')
      .where('log_id', '=', logId)
      .where('target_type', '=', 'player')
      .execute()
  )
    .map((r) => Number(r.target_id))
    .sort((a, b) => a - b);

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

test('every added and removed id is listed (past the sample), and the players’ histories find the change', async () => {
  const first = range(1, MAINTENANCE_LOG_ID_SAMPLE + 500); // 1..1500
  await put({ allowedPlayerIds: first });
  const added = await lastLog(app.t, 'maintenance', 1);
  expect(added?.action).toBe('maintenance.update');
  expect((added?.after as { allowedPlayerIdsAdded: number[] }).allowedPlayerIdsAdded).toHaveLength(MAINTENANCE_LOG_ID_SAMPLE);
  expect(await targetsOf(added!.id)).toEqual(first);

  // Drop 1..1200, keep 1201..1500, add 5001..5003: only the changed ids are listed.
  await put({ allowedPlayerIds: [...range(1201, 300), 5001, 5002, 5003] });
  const changed = await lastLog(app.t, 'maintenance', 1);
  expect(await targetsOf(changed!.id)).toEqual([...range(1, 1200), 5001, 5002, 5003]);

  expect(await actionsFor('player:1100')).toEqual([`maintenance.update#${changed!.id}`, `maintenance.update#${added!.id}`]);
  expect(await actionsFor('player:1300')).toEqual([`maintenance.update#${added!.id}`]);
  expect(await actionsFor('player:5002')).toEqual([`maintenance.update#${changed!.id}`]);
  expect(await actionsFor('player:4000')).toEqual([]);
  // The document's own history still finds both.
  const own = await actionsFor('maintenance:1');
  expect(own.slice(0, 2)).toEqual([`maintenance.update#${changed!.id}`, `maintenance.update#${added!.id}`]);
});

test('a save that leaves the list as it is lists no player; a restore lists the ids it brings back', async () => {
  const before = await put({ message: 'Before the text' });
  const kept = await put({ message: 'Only the text' });
  const textOnly = await lastLog(app.t, 'maintenance', 1);
  expect(await targetsOf(textOnly!.id)).toEqual([]);

  const withList = await put({ allowedPlayerIds: [7, 8] });
  const cleared = await put({ allowedPlayerIds: [] });
  expect(await targetsOf((await lastLog(app.t, 'maintenance', 1))!.id)).toEqual([7, 8]);
  const restore = await call('POST', `/maintenance/history/${withList.version}/restore`, { version: cleared.version });
  expect(restore.statusCode).toBe(200);
  const restored = await lastLog(app.t, 'maintenance', 1);
  expect(restored?.action).toBe('maintenance.restore');
  expect(await targetsOf(restored!.id)).toEqual([7, 8]);
  expect((await actionsFor('player:8'))[0]).toBe(`maintenance.restore#${restored!.id}`);
  expect(kept.allowedPlayerIds).toEqual(before.allowedPlayerIds);
});
