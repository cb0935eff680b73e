import {
  cooldownDocument,
  energyDocument,
  GAME_ACTIONS,
  healthDocument,
  type CooldownSettings,
  type EnergySettings,
} from '@phoenix/contract';
import { itKeepsTheDocumentContract } from '@phoenix/server/testing';
import { refusedFieldErrors, useSystemApp } from './support/system';

const { app, call, contract } = useSystemApp();

itKeepsTheDocumentContract(contract, healthDocument, {
  field: 'maxHealth',
  change: (doc, n) => ({ maxHealth: 1000 + n, regenerationPerMinute: 10, version: doc.version }),
  invalid: (doc) => ({ maxHealth: 0, regenerationPerMinute: 0, version: doc.version }),
  invalidField: 'maxHealth',
});

itKeepsTheDocumentContract(contract, cooldownDocument, {
  field: 'actions',
  change: (doc, n) => ({
    actions: (doc as unknown as CooldownSettings).actions.map((row) => (row.action === 'skill' ? { ...row, seconds: 100 + n } : row)),
    version: doc.version,
  }),
  invalid: (doc) => ({ actions: [{ action: 'attack', seconds: -1 }], version: doc.version }),
  invalidField: 'actions',
});

itKeepsTheDocumentContract(contract, energyDocument, {
  field: 'maxEnergy',
  change: (doc, n) => ({ ...(doc as unknown as EnergySettings), maxEnergy: 20 + n, version: doc.version }),
  invalid: (doc) => ({ ...(doc as unknown as EnergySettings), maxEnergy: 1001, version: doc.version }),
  invalidField: 'maxEnergy',
});

const current = async <T>(path: string): Promise<T & { version: number }> => (await call('GET', path)).json();

describe('ranges, checked on the server as in the form', () => {
  test('health: both bounds of each value, whole numbers, regeneration within max', async () => {
    const { version } = await current('/game-balance/health');
    const refused = (body: object) => refusedFieldErrors(app.t, call, 'PUT', '/game-balance/health', { ...body, version });
    expect((await refused({ maxHealth: 100_001, regenerationPerMinute: 0 })).maxHealth).toEqual([
      'Max health is a whole number from 1 to 100,000',
    ]);
    expect((await refused({ maxHealth: 10.5, regenerationPerMinute: 0 })).maxHealth).toBeDefined();
    expect((await refused({ maxHealth: '10', regenerationPerMinute: 0 })).maxHealth).toBeDefined();
    expect((await refused({ maxHealth: 100, regenerationPerMinute: -1 })).regenerationPerMinute).toEqual([
      'Regeneration per minute is a whole number from 0 to 10,000',
    ]);
    expect((await refused({ maxHealth: 100, regenerationPerMinute: 101 })).regenerationPerMinute).toEqual([
      'Regeneration per minute cannot exceed max health',
    ]);
    const edge = await call('PUT', '/game-balance/health', { maxHealth: 100_000, regenerationPerMinute: 10_000, version });
    expect(edge.statusCode).toBe(200);
  });

  test('cooldown: exactly one row per game action, each 0 to 86,400 seconds; stored in action order', async () => {
    const doc = await current<CooldownSettings>('/game-balance/cooldown');
    expect(doc.actions.map((row) => row.action)).toEqual([...GAME_ACTIONS]);
    const refused = (actions: unknown) =>
      refusedFieldErrors(app.t, call, 'PUT', '/game-balance/cooldown', { actions, version: doc.version });
    const rows = GAME_ACTIONS.map((action) => ({ action, seconds: 5 }));
    expect((await refused(rows.slice(1))).actions).toEqual(['Missing actions: attack']);
    expect((await refused([...rows, rows[0]]))['actions.7.action']).toEqual(['Each action once']);
    expect((await refused(rows.map((r, i) => (i === 2 ? { ...r, seconds: 86_401 } : r))))['actions.2.seconds']).toEqual([
      'Cooldown is a whole number from 0 to 86,400',
    ]);
    expect((await refused([...rows, { action: 'teleport', seconds: 1 }]))['actions.7.action']).toEqual(['Pick a game action']);
    const reversed = await call('PUT', '/game-balance/cooldown', { actions: [...rows].reverse(), version: doc.version });
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json().actions.map((row: { action: string }) => row.action)).toEqual([...GAME_ACTIONS]);
  });

  test('energy: each range, and neither the cost of a battle nor the regeneration may exceed max energy', async () => {
    const doc = await current<EnergySettings>('/game-balance/energy');
    const base = { maxEnergy: 10, regenerationIntervalMinutes: 30, regenerationAmount: 1, costPerBattle: 1, version: doc.version };
    const refused = (body: object) => refusedFieldErrors(app.t, call, 'PUT', '/game-balance/energy', { ...base, ...body });
    expect((await refused({ regenerationIntervalMinutes: 0 })).regenerationIntervalMinutes).toEqual([
      'Regeneration interval is a whole number from 1 to 1,440',
    ]);
    expect((await refused({ regenerationIntervalMinutes: 1441 })).regenerationIntervalMinutes).toBeDefined();
    expect((await refused({ costPerBattle: 11 })).costPerBattle).toEqual(['Cost per battle cannot exceed max energy']);
    expect((await refused({ regenerationAmount: 11 })).regenerationAmount).toEqual(['Regeneration amount cannot exceed max energy']);
    expect((await call('PUT', '/game-balance/energy', { ...base, costPerBattle: 0 })).statusCode).toBe(200);
  });

  test('the database refuses an out-of-range value even past the API (CHECK constraints)', async () => {
    await expect(app.t.db.updateTable('energy_settings').set({ max_energy: 0 }).where('id', '=', 1).execute()).rejects.toThrow();
    await expect(
      app.t.db.updateTable('health_settings').set({ regeneration_per_minute: 999_999 }).where('id', '=', 1).execute(),
    ).rejects.toThrow();
  });
});

test('restore of an energy version makes a new version with the old values', async () => {
  const doc = await current<EnergySettings>('/game-balance/energy');
  const first = (await call('PUT', '/game-balance/energy', { ...doc, maxEnergy: 7, costPerBattle: 2 })).json();
  const second = (await call('PUT', '/game-balance/energy', { ...first, maxEnergy: 9 })).json();
  const restored = await call('POST', `/game-balance/energy/history/${first.version}/restore`, { version: second.version });
  expect(restored.json()).toMatchObject({ maxEnergy: 7, costPerBattle: 2, version: second.version + 1 });
});
