import type { Kysely } from 'kysely';

/**
 * Change requests of both services (db/changeRequests.ts in @phoenix/server): the service that
 * owns a request is the one that approves and applies it through its own route and job queue.
 */
export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('change_requests')
    .addColumn('service', 'varchar(16)', (c) => c.notNull().defaultTo('bff'))
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('change_requests').dropColumn('service').execute();
}
