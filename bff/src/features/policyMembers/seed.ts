import type { SeedLocalData } from '../../discoverFeatures';
import { mutate } from '@phoenix/server/db';
import { apiIdsText, policies } from '../../db/policies';
import { addMembers } from './repository';

/** Two policies with APIs and members (the local players 1..2000), only into an empty table. */
const seed: SeedLocalData = async (ctx, actor) => {
  if (await ctx.db.selectFrom('policies').select('id').limit(1).executeTakeFirst()) return;
  const players = await ctx.db.selectFrom('players').select('id').orderBy('id').limit(300).execute();
  const samples = [
    {
      name: 'Trade freeze',
      description: 'Accounts under fraud review: no market, transfers or withdrawals.',
      codes: ['market.list', 'market.buy', 'points.transfer', 'points.withdraw'],
      members: players.slice(0, 120),
    },
    {
      name: 'Chat mute',
      description: 'Players reported for abuse: no chat or friend requests.',
      codes: ['chat.send', 'friend.request'],
      members: players.slice(100, 300),
    },
  ];
  for (const sample of samples) {
    const created = await mutate(ctx, actor, (trx, now) =>
      policies.create(trx, { name: sample.name, description: sample.description }, actor.email, now),
    );
    const apis = await ctx.db.selectFrom('game_apis').select('id').where('code', 'in', sample.codes).execute();
    await mutate(ctx, actor, (trx, now) =>
      policies.change(trx, created.id, created.version, 'restrictApis', { api_ids: apiIdsText(apis.map((a) => a.id)) }, actor.email, now),
    );
    if (sample.members.length)
      await mutate(ctx, actor, (trx, now) =>
        addMembers(
          trx,
          created.id,
          sample.members.map((p) => p.id),
          actor.email,
          now,
        ),
      );
  }
};
export default seed;
