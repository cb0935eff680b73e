import { sql, type Kysely } from 'kysely';
import { columnIndexes, expressionIndex, versionedColumns } from '@phoenix/server/db';

// PRESENT remote: the item catalogue (from the game: seeded here, read-only in the console) and presents.
const CATALOGUE: [code: string, name: string, kind: string, glyph: string, colour: string][] = [
  ['coin', 'Coin', 'currency', '¢', '#c99a06'],
  ['gem', 'Gem', 'currency', '◆', '#2563eb'],
  ['energy_drink', 'Energy Drink', 'consumable', 'E', '#16a34a'],
  ['health_potion', 'Health Potion', 'consumable', '✚', '#dc2626'],
  ['revive_token', 'Revive Token', 'consumable', 'R', '#7c3aed'],
  ['xp_boost', 'XP Boost (1 h)', 'consumable', '↑', '#0891b2'],
  ['double_up_ticket', 'Double-Up Ticket', 'consumable', '×', '#db2777'],
  ['chest_key', 'Chest Key', 'consumable', 'K', '#a16207'],
  ['iron_sword', 'Iron Sword', 'equipment', '⚔', '#475569'],
  ['phoenix_blade', 'Phoenix Blade', 'equipment', '⚔', '#ea580c'],
  ['oak_shield', 'Oak Shield', 'equipment', '⛨', '#854d0e'],
  ['dragon_shield', 'Dragon Shield', 'equipment', '⛨', '#b91c1c'],
  ['swift_boots', 'Swift Boots', 'equipment', 'B', '#0f766e'],
  ['ember_helm', 'Ember Helm', 'equipment', 'H', '#c2410c'],
  ['flame_avatar', 'Flame Avatar Frame', 'cosmetic', '☺', '#f97316'],
  ['frost_avatar', 'Frost Avatar Frame', 'cosmetic', '☺', '#0284c7'],
  ['golden_title', 'Title: Golden One', 'cosmetic', 'T', '#ca8a04'],
  ['victory_emote', 'Victory Emote', 'cosmetic', '!', '#9333ea'],
  ['season_banner', 'Season Banner', 'cosmetic', '⚑', '#be123c'],
  ['iron_ore', 'Iron Ore', 'material', '•', '#64748b'],
  ['phoenix_feather', 'Phoenix Feather', 'material', '✦', '#e11d48'],
  ['dragon_scale', 'Dragon Scale', 'material', '◇', '#15803d'],
  ['star_dust', 'Star Dust', 'material', '*', '#6366f1'],
  ['ancient_rune', 'Ancient Rune', 'material', 'ᚱ', '#78716c'],
];

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('items')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) =>
      c.notNull().check(sql`kind in ('currency', 'consumable', 'equipment', 'cosmetic', 'material')`),
    )
    .addColumn('glyph', 'varchar(8)', (c) => c.notNull())
    .addColumn('colour', 'varchar(7)', (c) => c.notNull())
    .execute();
  await expressionIndex(db, 'items_name_lower_idx', 'items', sql`lower(name)`);
  await db
    .insertInto('items')
    .values(CATALOGUE.map(([code, name, kind, glyph, colour]) => ({ code, name, kind, glyph, colour })))
    .execute();

  await versionedColumns(
    db.schema
      .createTable('presents')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ends_at', 'timestamptz', (c) => c.notNull())
      // [{ itemId, quantity }]: a handful of rows always read and written with the present.
      .addColumn('items', 'jsonb', (c) => c.notNull())
      .addColumn('distributed_at', 'timestamptz')
      .addCheckConstraint('presents_period_check', sql`ends_at > starts_at`),
  ).execute();
  await expressionIndex(db, 'presents_name_lower_idx', 'presents', sql`lower(name)`);
  await columnIndexes(db, 'presents', ['starts_at', 'ends_at', 'updated_at']);
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('presents').ifExists().execute();
  await db.schema.dropTable('items').ifExists().execute();
}
