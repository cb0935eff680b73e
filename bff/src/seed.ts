import { ADMIN_ROLE, type ConstantVariableCreate } from '@phoenix/contract';
import type { AppContext } from './context';
import { mutate, type LogActor } from './features/actionLogs/write';
import { hashPassword } from './features/auth/crypto';
import { findAdminByEmail } from './features/admins/repository';
import { createAdmin } from './features/admins/service';
import { createConstantVariable } from './features/constantVariables/service';

/** Local development only (SEED_LOCAL_DATA): never run for a deployed BFF. */
export const LOCAL_ACCOUNTS = [
  { email: 'admin@phoenix.local', password: 'phoenix-admin', role: ADMIN_ROLE },
  { email: 'operator@phoenix.local', password: 'phoenix-operator', role: 1 },
] as const;

const LOCAL_CONSTANTS: ConstantVariableCreate[] = [
  { key: 'battle.maxTurns', type: 'number', value: '30', description: 'Turns before a battle ends in a draw' },
  { key: 'battle.turnSeconds', type: 'number', value: '20', description: 'Seconds a player has per turn' },
  { key: 'shop.enabled', type: 'boolean', value: 'true', description: 'Shop open to players' },
  { key: 'season.name', type: 'string', value: 'Ember Season', description: 'Season name shown in the lobby' },
  {
    key: 'rewards.daily',
    type: 'json',
    value: JSON.stringify({ coins: 100, gems: 5, streakBonus: [0, 10, 20, 30, 50, 75, 100] }),
    description: 'Daily login reward',
  },
  { key: 'energy.maxStock', type: 'number', value: '5', description: 'Energy a player can hold' },
];

const SEED_ACTOR: LogActor = { id: null, email: 'system (local seed)' };

/**
 * Idempotent: accounts are created when missing; constants only into an empty table (so a
 * constant an admin deleted does not come back at the next start). Goes through the same
 * service functions (and action log) as the API.
 */
export async function seedLocalData(ctx: AppContext): Promise<void> {
  for (const account of LOCAL_ACCOUNTS) {
    if (await findAdminByEmail(ctx.db, account.email)) continue;
    const passwordHash = await hashPassword(account.password, ctx.settings.bcryptCost);
    await mutate(ctx, SEED_ACTOR, (trx, now) => createAdmin(trx, { email: account.email, passwordHash, role: account.role }, now));
  }
  const anyConstant = await ctx.db.selectFrom('constant_variables').select('id').limit(1).executeTakeFirst();
  if (!anyConstant) {
    for (const constant of LOCAL_CONSTANTS) {
      await mutate(ctx, SEED_ACTOR, (trx, now) => createConstantVariable(trx, constant, SEED_ACTOR.email, now));
    }
  }
}
