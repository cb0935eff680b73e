import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { PERMISSION_SCOPES, type PermissionScope } from '@phoenix/contract';
import { withPermissionScope } from '@phoenix/server/http';
import type { AppContext } from './context';
import type { LogActor } from '@phoenix/server/db';
import { moduleOfEachFolder } from '@phoenix/server';
import type { SearchProvider } from './db/search';

/**
 * Features register themselves: every `features/<area>/routes.ts` default-exports its route
 * registration and exports its permission `scope` (shared/contract permissions.ts: the default of
 * its routes; a route may name another in `config.scope`), every optional `features/<area>/seed.ts` its local seed data. A new area is a new
 * folder; nothing central lists it. Order does not matter (routes are matched by path, not order).
 */
export type RegisterRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

/** Local seed data of one area (only called when seeding is on; idempotent). */
export type SeedLocalData = (ctx: AppContext, actor: LogActor) => Promise<void>;

const FEATURES_DIR = path.join(__dirname, 'features');

function defaultExports<T>(file: string): [string, T][] {
  return moduleOfEachFolder(FEATURES_DIR, file).map(([area, module]) => {
    if (typeof module.default !== 'function') throw new Error(`features/${area}/${file} must export a default function`);
    return [area, module.default as T];
  });
}

export async function registerFeatureRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const [area, module] of moduleOfEachFolder(FEATURES_DIR, 'routes')) {
    const { default: register, scope } = module as { default?: RegisterRoutes; scope?: PermissionScope };
    if (typeof register !== 'function') throw new Error(`features/${area}/routes.ts must export a default function`);
    if (!scope || !(PERMISSION_SCOPES as readonly string[]).includes(scope)) {
      throw new Error(`features/${area}/routes.ts must export its permission scope (one of ${PERMISSION_SCOPES.join(', ')})`);
    }
    await withPermissionScope(app, scope, () => register(app, ctx));
  }
}

export async function seedFeatures(ctx: AppContext, actor: LogActor): Promise<void> {
  for (const [, seed] of defaultExports<SeedLocalData>('seed')) await seed(ctx, actor);
}

/** Every `features/<area>/search.ts` provider of "Find anything" (GET /search), by area folder. */
export function searchProviders(): [string, SearchProvider][] {
  return defaultExports<SearchProvider>('search');
}
