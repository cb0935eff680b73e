import { sql, type Kysely } from 'kysely';

/**
 * Least privilege inside role 2: each admin holds one or more console roles
 * (shared/contract permissions.ts). Every admin of before keeps what it could do (owner); an
 * account inserted without naming its roles may only read (viewer). The database refuses an
 * unknown role and an empty set.
 */
const ROLES = ['viewer', 'support', 'content', 'economy', 'security', 'owner'];

export async function up(db: Kysely<any>) {
  await db.schema
    .alterTable('admins')
    .addColumn('roles', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{owner}'::text[]`))
    .execute();
  await db.schema
    .alterTable('admins')
    .alterColumn('roles', (c) => c.setDefault(sql`'{viewer}'::text[]`))
    .execute();
  await db.schema
    .alterTable('admins')
    .addCheckConstraint(
      'admins_roles_known',
      sql`cardinality(roles) between 1 and ${sql.lit(ROLES.length)} and roles <@ array[${sql.join(ROLES.map((role) => sql.lit(role)))}]::text[]`,
    )
    .execute();
}

export async function down(db: Kysely<any>) {
  await db.schema.alterTable('admins').dropConstraint('admins_roles_known').ifExists().execute();
  await db.schema.alterTable('admins').dropColumn('roles').execute();
}
