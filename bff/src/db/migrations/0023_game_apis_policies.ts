import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

// The game API catalogue (from the game: seeded here, read-only in the console) and
// policies, named sets of restricted APIs. A policy's APIs are an integer[] of catalogue ids
// (tens at most, always read and written with the policy); its member count is kept on the row
// by the member changes (same transaction) so the list sorts on it without counting members.
const CATALOGUE: [code: string, name: string, description: string][] = [
  ['auth.login', 'Sign in', 'Sign in to the game with a wallet or a guest account.'],
  ['battle.start', 'Start battle', 'Enter matchmaking and start a ranked battle.'],
  ['battle.practice', 'Practice battle', 'Start an unranked battle against the computer.'],
  ['doubleup.enter', 'Enter double-up', 'Stake a win streak in the double-up season.'],
  ['shop.purchase', 'Shop purchase', 'Buy an item from the in-game shop.'],
  ['chest.open', 'Open treasure chest', 'Open a treasure chest with a key.'],
  ['present.claim', 'Claim present', 'Claim a present from the gift box.'],
  ['seasonpass.claim', 'Claim season pass reward', 'Claim a reward tier of the season pass.'],
  ['points.withdraw', 'Withdraw points', 'Withdraw points to the linked wallet.'],
  ['points.transfer', 'Transfer points', 'Send points to another player.'],
  ['staking.stake', 'Stake', 'Stake tokens in the staking contract.'],
  ['staking.unstake', 'Unstake', 'Withdraw staked tokens.'],
  ['chat.send', 'Send chat message', 'Post a message in world or guild chat.'],
  ['guild.create', 'Create guild', 'Found a new guild.'],
  ['guild.join', 'Join guild', 'Ask to join a guild.'],
  ['friend.request', 'Friend request', 'Send a friend request.'],
  ['market.list', 'List on market', 'Put an item up for sale on the player market.'],
  ['market.buy', 'Buy on market', 'Buy an item another player listed.'],
  ['profile.rename', 'Rename', 'Change the display name.'],
  ['ranking.submit', 'Submit ranking score', 'Send a score to the leaderboards.'],
];

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('game_apis')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db
    .insertInto('game_apis')
    .values(CATALOGUE.map(([code, name, description]) => ({ code, name, description })))
    .execute();

  await versionedColumns(
    db.schema
      .createTable('policies')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('api_ids', sql`integer[]`, (c) => c.notNull().defaultTo(sql`'{}'::integer[]`))
      .addColumn('member_count', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  // Names are unique case-insensitively (and this index serves the name sort and search).
  await sql`create unique index policies_name_lower_idx on policies (lower(name))`.execute(db);
  await columnIndexes(db, 'policies', ['member_count', 'updated_at']);
  await expressionIndex(db, 'game_apis_name_lower_idx', 'game_apis', sql`lower(name)`);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('policies').ifExists().execute();
  await db.schema.dropTable('game_apis').ifExists().execute();
}
