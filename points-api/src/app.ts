import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createServerApp, registerFeatureRoutes, type ServerAppOptions } from '@phoenix/server';
import { pointsMigrations } from './db/migrate';
import type { Database } from './db/database';
import { FEATURES_DIR, type AppContext } from './context';
import { scheduleNextReconciliation } from './features/pointsEconomy/nightly';
import { economyRollup } from './features/pointsEconomy/rollup';
import { scheduleRollup } from '@phoenix/server/jobs';
import { seedLocalPointData } from './seed';
import type { BearerAccess } from '@phoenix/server/http';

export interface PointsAppOptions extends ServerAppOptions<Database> {
  /** Local sample data (as the BFF's SEED_LOCAL_DATA): never in a deployed environment. */
  seedLocalData?: boolean;
  /** Serve the API reference page at /docs (as the BFF's: local and dev only). */
  apiReference?: boolean;
  /** Who may call the game server's routes (GAME_SERVER_TOKEN); default: nobody. */
  gameServer?: BearerAccess;
}

/**
 * The points API: its features on the server bootstrap of @phoenix/server (error shape, JSON
 * parser, role-2 token guard against the BFF's sessions, input guards, versioned documents,
 * `mutate` writing the same action log in the change's transaction) over the points schema. `db`
 * is the BFF's database (its `public` tables: admins, sessions, action_logs) with `points`.
 */
export async function buildPointsApp(options: PointsAppOptions): Promise<FastifyInstance> {
  // Its own pg-boss schema: the points service's queues, maintenance and pg-boss upgrades stay apart from the BFF's.
  const server = await createServerApp(options, {
    name: 'points',
    migrations: pointsMigrations,
    jobSchema: 'points_boss',
  });
  const { app } = server;
  // The points API's own settings its features read (features/pointsLottery: the game server's token).
  const ctx: AppContext = Object.assign(server.ctx, { gameServer: options.gameServer ?? 'off' });
  const healthSchema = { response: { 200: z.object({ ok: z.literal(true), service: z.literal('points') }) } };
  app.get('/health', { config: { auth: 'public' }, schema: healthSchema }, async () => ({ ok: true as const, service: 'points' as const }));
  // Each features/<area>/routes.ts under its permission scope (the points programme is the economy
  // role's; search and change requests are every admin's), as the BFF's; they define their job queues here.
  await registerFeatureRoutes(app, ctx, FEATURES_DIR);
  return server.start(async () => {
    // The local seed writes entries dated in past days: it goes first, or the rollup's job (run at once
    // by this instance's worker) could roll a day whose entries are still being written.
    if (options.seedLocalData) await seedLocalPointData(ctx);
    await scheduleNextReconciliation(ctx);
    await scheduleRollup(ctx, economyRollup);
  });
}
