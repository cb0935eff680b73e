import { sql, type Kysely } from 'kysely';

/**
 * Invitation links: where a one-time secret must not reach the acting admin, a new or
 * reset account gets a single-use link by email. Only the token's sha-256 is stored; a link is
 * spent once (used_at) and opens nothing after expires_at. A newer link for the same account
 * replaces the older ones (revoked_at), so only the last mail sent works.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .createTable('admin_invitations')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull().check(sql`kind in ('invite', 'reset')`))
    .addColumn('token_hash', 'char(64)', (c) => c.notNull().unique())
    .addColumn('sent_to', 'varchar(254)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(254)', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_invitations_admin_idx').on('admin_invitations').column('admin_id').execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.dropTable('admin_invitations').execute();
}
