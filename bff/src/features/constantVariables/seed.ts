import type { ConstantVariableCreate } from '@phoenix/contract';
import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { constantVariables } from './routes';

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

/** Only into an empty table, so a constant an admin deleted does not come back at the next start. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('constant_variables').select('id').limit(1).executeTakeFirst()) return;
  for (const constant of LOCAL_CONSTANTS) {
    await mutate(ctx, actor, (trx, now) => constantVariables.create(trx, constant, actor.email, now));
  }
};
export default seed;
