import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { cooldownDocument, energyDocument, GAME_ACTIONS, healthDocument, type CooldownRow } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { toJson } from '@phoenix/server/db';
import { versionedDocument } from '../../db/versioned';
import { registerDocumentRoutes } from '@phoenix/server/http';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'operations';

const saved = (row: { version: number; updated_at: Date; updated_by: string | null }) => ({
  version: row.version,
  updatedAt: row.updated_at.toISOString(),
  updatedBy: row.updated_by,
});

/** Game balance: max health and regeneration per minute. */
export const health = versionedDocument(healthDocument, {
  table: 'health_settings',
  toApi: (row) => ({ maxHealth: row.max_health, regenerationPerMinute: row.regeneration_per_minute, ...saved(row) }),
  toColumns: (input) => ({ max_health: input.maxHealth, regeneration_per_minute: input.regenerationPerMinute }),
});

/** Rows in the contract's action order, whatever order they were sent in. */
function inActionOrder(rows: readonly CooldownRow[]): CooldownRow[] {
  return [...rows].sort((a, b) => GAME_ACTIONS.indexOf(a.action) - GAME_ACTIONS.indexOf(b.action));
}

/** Game balance: cooldown seconds, one row per game action. */
export const cooldown = versionedDocument(cooldownDocument, {
  table: 'cooldown_settings',
  toApi: (row) => {
    const value = typeof row.actions === 'string' ? JSON.parse(row.actions) : row.actions; // drivers return jsonb parsed
    return { actions: inActionOrder(value as CooldownRow[]), ...saved(row) };
  },
  toColumns: (input) => ({ actions: toJson(inActionOrder(input.actions)) ?? '[]' }),
});

/** Game balance: max energy, regeneration (every N minutes, M energy) and the cost of a battle. */
export const energy = versionedDocument(energyDocument, {
  table: 'energy_settings',
  toApi: (row) => ({
    maxEnergy: row.max_energy,
    regenerationIntervalMinutes: row.regeneration_interval_minutes,
    regenerationAmount: row.regeneration_amount,
    costPerBattle: row.cost_per_battle,
    ...saved(row),
  }),
  toColumns: (input) => ({
    max_energy: input.maxEnergy,
    regeneration_interval_minutes: input.regenerationIntervalMinutes,
    regeneration_amount: input.regenerationAmount,
    cost_per_battle: input.costPerBattle,
  }),
});

/** GET/PUT /game-balance/{health,cooldown,energy}, each with its history and restore. */
export default async function registerGameBalanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerDocumentRoutes(app, ctx, health);
  await registerDocumentRoutes(app, ctx, cooldown);
  await registerDocumentRoutes(app, ctx, energy);
}
