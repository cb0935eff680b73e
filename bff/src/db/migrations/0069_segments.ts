import { sql, type Kysely } from 'kysely';
import { columnIndexes, versionedColumns } from '@phoenix/server/db';

// Segments: saved player filters (criteria as jsonb, read only with their row). Their members are
// never stored: counted from the players table and its indexes when asked. A distribution can be
// sent to a segment: it keeps a copy of the criteria the admin confirmed (the segment may change
// or go meanwhile) and its members are written into player_ids when its send starts.
export async function up(db: Kysely<any>) {
  await versionedColumns(
    db.schema
      .createTable('segments')
      .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('criteria', 'jsonb', (c) => c.notNull()),
  ).execute();
  // Unique case-insensitively; also serves the name sort and search.
  await sql`create unique index segments_name_lower_idx on segments (lower(name))`.execute(db);
  await columnIndexes(db, 'segments', ['updated_at']);

  // "Has no wallet": the lower(wallet_address) index does not answer `is null`.
  await sql`create index players_without_wallet_idx on players (id) where wallet_address is null`.execute(db);
  // "Has a restriction in force": by player, then its end.
  await sql`create index player_api_restrictions_player_ends_idx on player_api_restrictions (player_id, ends_at)`.execute(db);

  await sql`alter table present_distributions drop constraint if exists present_distributions_target_check`.execute(db);
  await sql`alter table present_distributions add constraint present_distributions_target_check check (target in ('all', 'list', 'segment'))`.execute(
    db,
  );
  await db.schema
    .alterTable('present_distributions')
    .addColumn('segment_id', 'integer', (c) => c.references('segments.id').onDelete('set null'))
    .addColumn('segment_criteria', 'jsonb')
    .addColumn('members_fixed_at', 'timestamptz')
    .execute();
  await sql`alter table present_distributions add constraint present_distributions_segment_check check (target <> 'segment' or segment_criteria is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>) {
  await sql`delete from present_distributions where target = 'segment'`.execute(db);
  await sql`alter table present_distributions drop constraint if exists present_distributions_segment_check`.execute(db);
  await db.schema
    .alterTable('present_distributions')
    .dropColumn('segment_id')
    .dropColumn('segment_criteria')
    .dropColumn('members_fixed_at')
    .execute();
  await sql`alter table present_distributions drop constraint if exists present_distributions_target_check`.execute(db);
  await sql`alter table present_distributions add constraint present_distributions_target_check check (target in ('all', 'list'))`.execute(
    db,
  );
  await sql`drop index if exists player_api_restrictions_player_ends_idx`.execute(db);
  await sql`drop index if exists players_without_wallet_idx`.execute(db);
  await db.schema.dropTable('segments').ifExists().execute();
}
