import { ADMIN_ROLE, type ConsoleRole } from '@phoenix/contract';
import type { AppContext } from './context';
import { mutate, type LogActor, currentSchema, withStartupLock } from '@phoenix/server/db';
import { seedFeatures } from './discoverFeatures';
import { hashPassword } from '@phoenix/server/auth';
import { findAdminByEmail } from './features/admins/repository';
import { createAdmin } from './features/admins/service';
import { seedLocalPlayers } from './features/players/repository';

/**
 * Local development only (SEED_LOCAL_DATA): never run for a deployed BFF. The README's admin is an
 * owner; one admin per other console role shows what each may do (docs/architecture.md).
 */
export const LOCAL_ACCOUNTS: readonly { email: string; password: string; role: number; roles: readonly ConsoleRole[] }[] = [
  { email: 'admin@phoenix.local', password: 'phoenix-admin', role: ADMIN_ROLE, roles: ['owner'] },
  { email: 'operator@phoenix.local', password: 'phoenix-operator', role: 1, roles: ['viewer'] },
  ...(['viewer', 'support', 'content', 'economy', 'security'] as const).map((role) => ({
    email: `${role}@phoenix.local`,
    password: `phoenix-${role}`,
    role: ADMIN_ROLE,
    roles: [role],
  })),
];

/** Made-up players 1..N for the bulk id checks (maintenance allow list, policies...). */
const LOCAL_PLAYER_COUNT = 2000;

const SEED_ACTOR: LogActor = { id: null, email: 'system (local seed)' };

/**
 * Idempotent, one instance at a time (db/startupLock.ts): accounts are created when missing; each area's `features/<area>/seed.ts` adds its
 * sample rows (only into an empty table, so a row an admin deleted does not come back at the next
 * start), through the same service functions (and action log) as the API.
 */
export async function seedLocalData(ctx: AppContext): Promise<void> {
  // Each check-then-insert is idempotent only if no other instance seeds at the same moment.
  await withStartupLock(ctx.db, `seed:${await currentSchema(ctx.db)}`, async () => {
    for (const account of LOCAL_ACCOUNTS) {
      if (await findAdminByEmail(ctx.db, account.email)) continue;
      const passwordHash = await hashPassword(account.password, ctx.settings.passwordHash);
      await mutate(ctx, SEED_ACTOR, (trx, now) =>
        createAdmin(trx, { email: account.email, passwordHash, role: account.role, roles: account.roles }, now),
      );
    }
    // Local made-up players (no players API yet, so no service to go through): one idempotent insert,
    // first, so that the areas' seeds can refer to them (battles, player sessions).
    await seedLocalPlayers(ctx.db, LOCAL_PLAYER_COUNT, ctx.now());
    await seedFeatures(ctx, SEED_ACTOR);
  });
}
