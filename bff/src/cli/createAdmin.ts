/**
 * Creates an admin (role 2) in the database the BFF uses (DATABASE_URL, else PGlite at
 * PGLITE_DATA_DIR). This is how a deployed BFF gets its first account: it never seeds one.
 *
 *   echo 'a long passphrase' | pnpm --filter @phoenix/bff create-admin --email ops@example.com --password-stdin
 *   PHOENIX_ADMIN_PASSWORD='a long passphrase' pnpm --filter @phoenix/bff create-admin --email ops@example.com
 *   … create-admin --email second.owner@example.com --roles owner
 *
 * --roles: its console roles, comma-separated (default viewer). Where admin management needs a second
 * admin's approval ("approve"), an environment's first owners are made here, by whoever holds the
 * database: the console cannot make an owner alone.
 *
 * With PGlite, stop the BFF first: an embedded database has a single user (the folder lock
 * refuses to open it while the BFF holds it).
 */
import { ADMIN_ROLE, CONSOLE_ROLES, loginBodySchema, type ConsoleRole } from '@phoenix/contract';
import { createDb, DataFolderLockedError, migrateServing, mutate } from '@phoenix/server/db';
import { migrateToLatest, pendingMigrations } from '../db/migrate';
import type { Database } from '../db/schema';
import { configOrExit, describeDb, dbTargetFromEnv, readEnv } from '@phoenix/server/config';
import { DEFAULTS, resolveSettings, type AppContext } from '../context';
import { hashPassword } from '@phoenix/server/auth';
import { MIN_PASSWORD_LENGTH, createAdmin } from '../features/admins/service';
import { HttpError } from '@phoenix/server/http';

function usage(message: string): never {
  console.error(`create-admin: ${message}`);
  console.error('usage: create-admin --email <email> [--roles owner,…] (--password-stdin | env PHOENIX_ADMIN_PASSWORD)');
  process.exit(2);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const emailIndex = args.indexOf('--email');
  const email = emailIndex >= 0 ? args[emailIndex + 1] : undefined;
  if (!email) usage('--email is required');
  const rolesIndex = args.indexOf('--roles');
  const roles = rolesIndex >= 0 ? (args[rolesIndex + 1] ?? '').split(',').filter(Boolean) : ['viewer'];
  const unknown = roles.filter((role) => !(CONSOLE_ROLES as readonly string[]).includes(role));
  if (roles.length === 0 || unknown.length) usage(`--roles takes ${CONSOLE_ROLES.join(', ')} (comma-separated)`);
  const password = args.includes('--password-stdin') ? await readStdin() : process.env.PHOENIX_ADMIN_PASSWORD;
  if (!password) usage('give the password on stdin with --password-stdin, or in PHOENIX_ADMIN_PASSWORD');

  const parsed = loginBodySchema.safeParse({ email, password });
  if (!parsed.success) usage(parsed.error.issues.map((i) => i.message).join('; '));
  if (password.length < MIN_PASSWORD_LENGTH) usage(`the password must be at least ${MIN_PASSWORD_LENGTH} characters`);

  const target = configOrExit(
    'create-admin',
    () => dbTargetFromEnv(),
    (message) => console.error(message),
  );
  const db = createDb<Database>(target);
  try {
    // Under the tables' owner when the environment names one (MIGRATION_DATABASE_URL), as the BFF does.
    const ownerUrl = readEnv().MIGRATION_DATABASE_URL;
    const owner =
      ownerUrl && target.kind === 'postgres' ? createDb({ kind: 'postgres', connectionString: ownerUrl, maxConnections: 2 }) : undefined;
    await migrateServing(db, { owner, migrations: { migrateToLatest, pendingMigrations }, jobSchema: 'pgboss' });
    const passwordHash = await hashPassword(password, DEFAULTS.passwordHash);
    const ctx: AppContext = { db, now: () => new Date(), settings: resolveSettings({}) };
    const admin = await mutate(ctx, { id: null, email: 'system (create-admin CLI)' }, (trx, now) =>
      createAdmin(trx, { email: parsed.data.email, passwordHash, role: ADMIN_ROLE, roles: roles as ConsoleRole[] }, now),
    );
    console.log(
      `create-admin: created admin #${admin.id} ${admin.email} (role ${admin.role}, ${admin.roles.join(', ')}) in ${describeDb(target)}`,
    );
  } catch (error) {
    if (error instanceof HttpError) {
      const fields = Object.values(error.details.fieldErrors ?? {}).flat();
      console.error(`create-admin: ${fields.length ? fields.join('; ') : error.message}`);
      process.exitCode = 1;
    } else {
      throw error;
    }
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataFolderLockedError) {
    console.error(`create-admin: ${error.message}`);
    process.exit(1);
  }
  console.error('create-admin: failed:', error);
  process.exit(1);
});
