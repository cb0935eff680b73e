import { sql, type Kysely } from 'kysely';
import { columnIndexes, versionedColumns } from '@phoenix/server/db';

export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('admins')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) =>
      c
        .notNull()
        .defaultTo('active')
        .check(sql`status in ('active', 'disabled')`),
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
  await db.schema.createIndex('login_failures_email_failed_at_idx').on('login_failures').columns(['email', 'failed_at']).execute();

  await db.schema
    .createTable('constant_variables')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('key', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('type', 'varchar(16)', (c) => c.notNull().check(sql`type in ('number', 'string', 'boolean', 'json')`))
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .$call(versionedColumns)
    .execute();
  await db.schema.createIndex('constant_variables_updated_at_idx').on('constant_variables').column('updated_at').execute();

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
  await db.schema.createIndex('action_logs_target_idx').on('action_logs').columns(['target_type', 'target_id']).execute();
}

export async function down(db: Kysely<any>) {
  for (const table of ['action_logs', 'constant_variables', 'login_failures', 'sessions', 'admins']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
