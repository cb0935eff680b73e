import type { FastifyInstance } from 'fastify';
import { flagCreateSchema, flagQuerySchema, flagToggleSchema, flagUpdateSchema } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, versionedChange } from '../../http/resourceRoutes';
import { activeFlags } from './repository';

/** Active flags (feature flags), plus the one-click toggle. */
export async function registerActiveFlagRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerResourceRoutes(app, ctx, {
    path: '/active-flags',
    resource: activeFlags,
    schemas: { query: flagQuerySchema, create: flagCreateSchema, update: flagUpdateSchema },
    csv: { filename: 'active-flags.csv', columns: ['id', 'key', 'enabled', 'description', 'version', 'updatedAt', 'updatedBy'] },
  });

  /** PATCH /:id/enabled: logged as activeFlag.enable / activeFlag.disable. */
  app.patch(
    '/active-flags/:id/enabled',
    versionedChange(ctx, flagToggleSchema, (trx, id, input, actor, now) =>
      activeFlags.change(trx, id, input.version, input.enabled ? 'enable' : 'disable', { enabled: input.enabled }, actor.email, now),
    ),
  );
}

export default registerActiveFlagRoutes;
