import { sql, type Kysely } from 'kysely';
import type { MigrationRunner } from './migrate';
import { withStartupLock } from './startupLock';

/**
 * Two database roles: the owner of the tables runs the migrations (MIGRATION_DATABASE_URL)
 * and the service serves under another (DATABASE_URL) that may read and insert the action log, never
 * change it. The owner grants the serving role what serving needs after each migration run, so a
 * table a later migration adds is covered the next start:
 * - read and write on every table of the schemas the service serves from, and their sequences (the
 *   seeds set them);
 * - on the action log (rows, targets, chain heads): read and insert only, and the heads not even
 *   that (the insert trigger moves them as the owner, migration 0066);
 * - the jobs' schema (pg-boss), created by the owner, where the serving role creates pg-boss's
 *   tables (pg-boss then starts with `createSchema: false`).
 * Not being the owner, the serving role can neither drop the triggers that refuse an update or a
 * delete nor alter, truncate or drop a table.
 */
export const ACTION_LOG_TABLES = ['action_logs', 'action_log_targets', 'action_log_chains'] as const;

export interface ServingRoleGrants {
  /** The role the service serves under (`servingRoleOf`). */
  role: string;
  /** The schemas it serves from: its migrations' and those on its search path. */
  schemas: string[];
  /** pg-boss's schema. */
  jobSchema: string;
}

/**
 * A service's migrations: under the owner when there is one (which then grants `db`'s role what
 * serving needs, and is closed), else on `db` itself (the embedded database, a developer's own).
 */
export async function migrateServing(
  db: Kysely<any>,
  { owner, migrations, jobSchema }: { owner?: Kysely<any> | undefined; migrations: MigrationRunner; jobSchema: string },
): Promise<void> {
  if (!owner) {
    await migrations.migrateToLatest(db);
    return;
  }
  try {
    await migrations.migrateToLatest(owner);
    const schemas = [...(migrations.schema ? [migrations.schema] : []), ...(await searchPathSchemas(db))];
    await grantServingRole(owner, { role: await servingRoleOf(db), schemas, jobSchema });
  } finally {
    await owner.destroy();
  }
}

/** The role a connection serves under. */
export async function servingRoleOf(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]!.role;
}

/** The schemas on a connection's search path that exist (`"$user"` resolved). */
export async function searchPathSchemas(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ schema: string }>`select unnest(current_schemas(false)) as schema`.execute(db);
  return rows.map((row) => row.schema);
}

/** Run under the owner's connection after its migrations (`owner`): idempotent, one instance at a time. */
export async function grantServingRole(owner: Kysely<any>, grants: ServingRoleGrants): Promise<void> {
  const role = sql.id(grants.role);
  // Concurrent GRANTs on one object fail ("tuple concurrently updated"): instances take turns.
  await withStartupLock(owner, `grants:${grants.role}`, () =>
    owner.transaction().execute(async (tx) => {
      for (const schema of new Set(grants.schemas)) {
        const s = sql.id(schema);
        await sql`grant usage on schema ${s} to ${role}`.execute(tx);
        await sql`grant select, insert, update, delete on all tables in schema ${s} to ${role}`.execute(tx);
        await sql`grant usage, select, update on all sequences in schema ${s} to ${role}`.execute(tx);
        for (const table of ACTION_LOG_TABLES) {
          if (!(await tableExists(tx, schema, table))) continue;
          const revoked = table === 'action_log_chains' ? sql`insert, update, delete, truncate` : sql`update, delete, truncate`;
          await sql`revoke ${revoked} on ${sql.table(`${schema}.${table}`)} from ${role}`.execute(tx);
        }
      }
      const jobs = sql.id(grants.jobSchema);
      await sql`create schema if not exists ${jobs}`.execute(tx);
      await sql`grant usage, create on schema ${jobs} to ${role}`.execute(tx);
    }),
  );
}

/**
 * Whether the serving connection could rewrite the action log: it owns the table (and so could drop
 * the append-only trigger) or holds update or delete on it. A deployed service refuses to start so.
 */
export async function actionLogRewritableBy(db: Kysely<any>): Promise<string | null> {
  const { rows } = await sql<{ owner: boolean; update: boolean; delete: boolean }>`
    select pg_has_role(c.relowner, 'USAGE') as owner,
      has_table_privilege(c.oid, 'UPDATE') as update, has_table_privilege(c.oid, 'DELETE') as delete
    from pg_class c where c.oid = to_regclass('action_logs')`.execute(db);
  const found = rows[0];
  if (!found) return null;
  if (found.owner) return 'owns the action log';
  if (found.update || found.delete) return 'may update or delete the action log';
  return null;
}

async function tableExists(db: Kysely<any>, schema: string, table: string): Promise<boolean> {
  const { rows } = await sql<{
    found: string | null;
  }>`select to_regclass(quote_ident(${schema}) || '.' || quote_ident(${table}))::text as found`.execute(db);
  return rows[0]?.found != null;
}
