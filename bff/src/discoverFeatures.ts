import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import type { LogActor } from '@phoenix/server/db';
import {
  featureModules,
  registerFeatureRoutes as registerRoutesOf,
  seedFeatures as seedFeaturesOf,
  type RegisterRoutes as ServerRegisterRoutes,
  type SeedLocalData as ServerSeedLocalData,
} from '@phoenix/server';
import type { SearchProvider } from './db/search';

/**
 * Features register themselves (@phoenix/server's features.ts, as in the points API): every
 * `features/<area>/routes.ts` default-exports its route registration and exports its permission
 * `scope` (shared/contract permissions.ts: the default of its routes; a route may name another in
 * `config.scope`), every optional `features/<area>/seed.ts` its local seed data, every optional
 * `features/<area>/search.ts` its "Find anything" provider. A new area is a new folder; nothing
 * central lists it. Order does not matter (routes are matched by path, not order).
 */
export type RegisterRoutes = ServerRegisterRoutes<AppContext>;

/** Local seed data of one area (only called when seeding is on; idempotent). */
export type SeedLocalData = ServerSeedLocalData<AppContext>;

const FEATURES_DIR = path.join(__dirname, 'features');

export function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  return registerRoutesOf(app, ctx, FEATURES_DIR);
}

export function seedFeatures(ctx: AppContext, actor: LogActor): Promise<void> {
  return seedFeaturesOf(ctx, actor, FEATURES_DIR);
}

/** Every `features/<area>/search.ts` provider of "Find anything" (GET /search), by area folder. */
export function searchProviders(): [string, SearchProvider][] {
  return featureModules<SearchProvider>(FEATURES_DIR, 'search');
}
