import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import {
  idParamSchema,
  policyMemberIdsSchema,
  policyMemberQuerySchema,
  policyMemberSchema,
  policyMemberCheckSchema,
  policyMembersAddedSchema,
  policyMembersRemovedSchema,
  type Page,
  type PolicyMember,
  type PolicyMemberCheck,
  type PolicyMembersAdded,
  type PolicyMembersRemoved,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor } from '@phoenix/server/http';
import { BULK_ID_BODY_LIMIT } from '@phoenix/server/http';
import { pageOf, pageSchema } from '@phoenix/server/http';
import { addMembers, checkMembers, listMembers, removeMembers } from './repository';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/** policies/users_in_policy: members listed and searched, checked, added and removed in bulk. */
export default function registerPolicyMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    '/policies/:id/members',
    { schema: { params: idParamSchema, querystring: policyMemberQuerySchema, response: { 200: pageSchema(policyMemberSchema) } } },
    async (request): Promise<Page<PolicyMember>> => {
      const { id } = request.params;
      const query = request.query;
      return pageOf(query, await listMembers(ctx.db, id, query));
    },
  );

  const idsSchema = { params: idParamSchema, body: policyMemberIdsSchema };
  app.post(
    '/policies/:id/members/check',
    { schema: { ...idsSchema, response: { 200: policyMemberCheckSchema } }, bodyLimit: BULK_ID_BODY_LIMIT },
    async (request): Promise<PolicyMemberCheck> => {
      const { id } = request.params;
      const { ids } = request.body;
      return checkMembers(ctx.db, id, ids);
    },
  );

  app.post(
    '/policies/:id/members',
    { schema: { ...idsSchema, response: { 200: policyMembersAddedSchema } }, bodyLimit: BULK_ID_BODY_LIMIT },
    async (request): Promise<PolicyMembersAdded> => {
      const { id } = request.params;
      const { ids } = request.body;
      const actor = requireActor(request);
      return mutate(ctx, actor, (trx, now) => addMembers(trx, id, ids, actor.email, now));
    },
  );

  app.post(
    '/policies/:id/members/remove',
    { schema: { ...idsSchema, response: { 200: policyMembersRemovedSchema } }, bodyLimit: BULK_ID_BODY_LIMIT },
    async (request): Promise<PolicyMembersRemoved> => {
      const { id } = request.params;
      const { ids } = request.body;
      const actor = requireActor(request);
      return mutate(ctx, actor, (trx) => removeMembers(trx, id, ids));
    },
  );
}
