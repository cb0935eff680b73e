import type { FastifyInstance } from 'fastify';
import { PERMISSION_SCOPES, type PermissionScope } from '@phoenix/contract';
import { withPermissionScope } from './http/auth';
import { withFeature } from './http/openapi';
import type { LogActor } from './db/actionLog';
import { moduleOfEachFolder } from './modules';

/**
 * Features register themselves, the same way in every service (the BFF, the points API): every
 * `<featuresDir>/<area>/routes.ts` default-exports its route registration and exports its permission
 * `scope` (shared/contract permissions.ts: the default of its routes; a route may name another in
 * `config.scope`), every optional `<featuresDir>/<area>/seed.ts` its local seed data, and a service
 * may look up other files by folder (featureModules: the BFF's `search.ts` providers). A new area is
 * a new folder; nothing central lists it. Order does not matter (routes are matched by path, not
 * order); work whose order matters (a seed that needs another's rows) stays explicit in the service.
 * The folders are read at run time, so a service runs from its sources or compiled file by file
 * (bff/scripts/build.mjs), never as one bundle.
 */
export type RegisterRoutes<Ctx> = (app: FastifyInstance, ctx: Ctx) => Promise<void> | void;

/** Local seed data of one area (only called when seeding is on; idempotent). */
export type SeedLocalData<Ctx> = (ctx: Ctx, actor: LogActor) => Promise<void>;

/** The default export of every `<featuresDir>/<area>/<file>.ts` (a function), by area folder (sorted). */
export function featureModules<T>(featuresDir: string, file: string): [string, T][] {
  return moduleOfEachFolder(featuresDir, file).map(([area, module]) => {
    if (typeof module.default !== 'function') throw new Error(`features/${area}/${file} must export a default function`);
    return [area, module.default as T];
  });
}

/** Registers every area's `routes.ts` under its permission `scope`. */
export async function registerFeatureRoutes<Ctx>(app: FastifyInstance, ctx: Ctx, featuresDir: string): Promise<void> {
  for (const [area, module] of moduleOfEachFolder(featuresDir, 'routes')) {
    const { default: register, scope } = module as { default?: RegisterRoutes<Ctx>; scope?: PermissionScope };
    if (typeof register !== 'function') throw new Error(`features/${area}/routes.ts must export a default function`);
    if (!scope || !(PERMISSION_SCOPES as readonly string[]).includes(scope)) {
      throw new Error(`features/${area}/routes.ts must export its permission scope (one of ${PERMISSION_SCOPES.join(', ')})`);
    }
    // Its folder is its routes' tag in the OpenAPI document.
    await withFeature(app, area, () => withPermissionScope(app, scope, () => register(app, ctx)));
  }
}

/** Runs every area's `seed.ts`, one after the other (by folder name). */
export async function seedFeatures<Ctx>(ctx: Ctx, actor: LogActor, featuresDir: string): Promise<void> {
  for (const [, seed] of featureModules<SeedLocalData<Ctx>>(featuresDir, 'seed')) await seed(ctx, actor);
}
