import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { policyApisSchema } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, versionedChange } from '@phoenix/server/http';
import { apiIdsText, assertGameApisExist, policies } from '../../db/policies';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/** policies, policies/create, policies/edit and policies/restrictApis. */
export default function registerPolicyRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, policies);

  app.put(
    '/policies/:id/apis',
    versionedChange(
      ctx,
      policyApisSchema,
      async (trx, id, input, actor, now) => {
        await assertGameApisExist(trx, input.apiIds, 'apiIds');
        return policies.change(trx, id, input.version, 'restrictApis', { api_ids: apiIdsText(input.apiIds) }, actor.email, now);
      },
      policies.definition.schemas.record,
    ),
  );
}
