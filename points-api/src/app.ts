import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createServerApp, type ServerAppOptions } from '@phoenix/server';
import { pointsMigrations } from './db/migrate';
import type { Database } from './db/database';
import { registerPointsSettingsRoutes } from './features/pointsSettings';
import { registerPointsTaskRoutes } from './features/pointsTasks';
import { registerPointAccountRoutes } from './features/pointAccounts';
import { registerPointsGamesRoutes } from './features/pointsGames';
import { registerPointsLotteryRoutes } from './features/pointsLottery/routes';
import { registerSearchRoutes } from './features/search';
import { registerPointsChangeRequestRoutes } from './features/changeRequests';
import { seedLotteryRounds } from './features/pointsLottery/seed';
import { registerEconomyRoutes } from './features/pointsEconomy/routes';
import { scheduleNextReconciliation } from './features/pointsEconomy/nightly';
import { LOCAL_POINT_ACCOUNTS, seedLocalPointUsers } from './seed';
import { withPermissionScope, type BearerAccess } from '@phoenix/server/http';

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
  const { app, ctx } = server;
  const healthSchema = { response: { 200: z.object({ ok: z.literal(true), service: z.literal('points') }) } };
  app.get('/health', { config: { auth: 'public' }, schema: healthSchema }, async () => ({ ok: true as const, service: 'points' as const }));
  // The points programme is the economy role's (shared/contract permissions.ts); search and change
  // requests are every admin's (a decision needs the operation's own permission).
  await withPermissionScope(app, 'economy', async () => {
    await registerPointsSettingsRoutes(app, ctx);
    registerPointsTaskRoutes(app, ctx);
    registerPointAccountRoutes(app, ctx);
    await registerPointsGamesRoutes(app, ctx);
    registerPointsLotteryRoutes(app, ctx, options.gameServer ?? 'off'); // defines its job queue
    registerEconomyRoutes(app, ctx); // defines its job queue
  });
  await withPermissionScope(app, 'self', () => {
    registerSearchRoutes(app, ctx);
    registerPointsChangeRequestRoutes(app, ctx); // defines its job queue
  });
  return server.start(async () => {
    await scheduleNextReconciliation(ctx);
    if (!options.seedLocalData) return;
    // The accounts first: the seed's tickets are bought through the ledger (features/pointsLottery/seed.ts).
    await seedLocalPointUsers(ctx.db, LOCAL_POINT_ACCOUNTS, ctx.now());
    await seedLotteryRounds(ctx);
  });
}
