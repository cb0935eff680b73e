import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import * as listIndexes from './migrations/0010_list_indexes';

/**
 * Every schema change, in order, in code: the same migrations run on PGlite and PostgreSQL.
 * Never edit a migration that has shipped; add the next one (e.g. '0002_news').
 */
const migrations: Record<string, Migration> = {
  '0001_initial': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('admins')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) =>
          c.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`),
        )
        .addColumn('last_sign_in_at', 'timestamptz')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
        .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_used_at', 'timestamptz', (c) => c.notNull())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('sessions_admin_id_idx').on('sessions').column('admin_id').execute();

      await db.schema
        .createTable('login_failures')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_failures_email_failed_at_idx')
        .on('login_failures')
        .columns(['email', 'failed_at'])
        .execute();

      await db.schema
        .createTable('constant_variables')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('type', 'varchar(16)', (c) =>
          c.notNull().check(sql`type in ('number', 'string', 'boolean', 'json')`),
        )
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .$call(versionedColumns)
        .execute();
      await db.schema
        .createIndex('constant_variables_updated_at_idx')
        .on('constant_variables')
        .column('updated_at')
        .execute();

      await db.schema
        .createTable('action_logs')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        // No foreign key: the log outlives the accounts it mentions.
        .addColumn('admin_id', 'integer')
        .addColumn('admin_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('action', 'varchar(100)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(100)')
        .addColumn('before', 'jsonb')
        .addColumn('after', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await columnIndexes(db, 'action_logs', ['created_at', 'admin_email', 'action']);
      await db.schema
        .createIndex('action_logs_target_idx')
        .on('action_logs')
        .columns(['target_type', 'target_id'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['action_logs', 'constant_variables', 'login_failures', 'sessions', 'admins']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },

  // SYSTEM remote areas. Every list filter / sort column has an index; text sorts use lower(...)
  // (see db/ordering.ts), so those get an expression index.
  '0002_players': {
    async up(db: Kysely<any>) {
      // Ids come from the game: not generated here.
      await db.schema
        .createTable('players')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id > 0`))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('wallet_address', 'varchar(42)')
        .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'varchar(16)', (c) =>
          c.notNull().defaultTo('active').check(sql`status in ('active', 'banned')`),
        )
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('last_seen_at', 'timestamptz')
        .execute();
      await expressionIndex(db, 'players_name_lower_idx', 'players', sql`lower(name)`);
      await expressionIndex(db, 'players_wallet_lower_idx', 'players', sql`lower(wallet_address)`);
      await columnIndexes(db, 'players', ['level', 'status', 'created_at', 'last_seen_at']);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('players').ifExists().execute();
    },
  },

  '0003_news': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('news')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        // Markdown as typed; never rendered to HTML by the BFF.
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('category', 'varchar(16)', (c) =>
          c.notNull().check(sql`category in ('update', 'event', 'maintenance', 'notice')`),
        )
        .addColumn('publish_start', 'timestamptz', (c) => c.notNull())
        .addColumn('publish_end', 'timestamptz')
        .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
        .$call(versionedColumns)
        .addCheckConstraint('news_publish_window_check', sql`publish_end is null or publish_end > publish_start`)
        .execute();
      await expressionIndex(db, 'news_title_lower_idx', 'news', sql`lower(title)`);
      await columnIndexes(db, 'news', ['category', 'publish_start', 'publish_end', 'updated_at']);
      // The default order (pinned first, newest start) and the pinned sort.
      await db.schema.createIndex('news_pinned_publish_start_idx').on('news').columns(['pinned', 'publish_start']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('news').ifExists().execute();
    },
  },

  '0004_maintenance': {
    async up(db: Kysely<any>) {
      // One document: a single row (id = 1) created here, only ever updated.
      await db.schema
        .createTable('maintenance')
        .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('message', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
        .addColumn('planned_start', 'timestamptz')
        .addColumn('planned_end', 'timestamptz')
        // A jsonb array of unique ascending player ids (100,000 fit easily; one value to lock and swap).
        .addColumn('allowed_player_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_by', 'varchar(254)')
        .addCheckConstraint('maintenance_allowed_player_ids_array_check', sql`jsonb_typeof(allowed_player_ids) = 'array'`)
        .execute();
      await sql`insert into maintenance (id, enabled, message) values (1, false, '')`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('maintenance').ifExists().execute();
    },
  },

  '0005_active_flags': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('active_flags')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
        .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
        .$call(versionedColumns)
        .execute();
      // The key sort is lower(key) like every text sort (see db/ordering.ts).
      await expressionIndex(db, 'active_flags_key_lower_idx', 'active_flags', sql`lower(key)`);
      await columnIndexes(db, 'active_flags', ['enabled', 'updated_at']);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('active_flags').ifExists().execute();
    },
  },

  '0006_world_messages': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('world_messages')
        .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
        .addColumn('message', 'varchar(500)', (c) => c.notNull())
        .addColumn('severity', 'varchar(16)', (c) =>
          c.notNull().check(sql`severity in ('info', 'warning', 'critical')`),
        )
        .addColumn('display_start', 'timestamptz', (c) => c.notNull())
        .addColumn('display_end', 'timestamptz', (c) => c.notNull())
        .addColumn('cancelled_at', 'timestamptz')
        .addColumn('cancelled_by', 'varchar(254)')
        .$call(versionedColumns)
        .addCheckConstraint('world_messages_display_window_check', sql`display_end > display_start`)
        .execute();
      await columnIndexes(db, 'world_messages', ['severity', 'display_start', 'display_end', 'cancelled_at', 'created_at']);
      // The severity sort is by rank, not by name: same expression as features/worldMessages/repository.ts.
      await expressionIndex(
        db,
        'world_messages_severity_rank_idx',
        'world_messages',
        sql`(case severity when 'info' then 1 when 'warning' then 2 else 3 end)`,
      );
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('world_messages').ifExists().execute();
    },
  },

  // One file per migration from here on (bff/src/db/migrations/); registered by hand until the
  // automatic discovery lands.
  '0010_list_indexes': listIndexes,
};

// Helpers below are used by migrations that have shipped: they must keep emitting exactly the same
// statements (a new shape gets a new helper), or a fresh database would differ from a migrated one.

/** The versioned-record columns, last in the table (see db/versionedResource.ts). */
function versionedColumns<T extends CreateTableBuilder<any, any>>(table: T): T {
  return table
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(254)') as T;
}

/** One plain index per column, named `<table>_<column>_idx`. */
async function columnIndexes(db: Kysely<any>, table: string, columns: readonly string[]) {
  for (const column of columns) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

async function expressionIndex(db: Kysely<any>, name: string, table: string, expression: RawBuilder<unknown>) {
  await db.schema.createIndex(name).on(table).expression(expression).execute();
}

const provider: MigrationProvider = {
  async getMigrations() {
    return migrations;
  },
};

/** Brings the schema to the latest migration; throws if one fails. */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
