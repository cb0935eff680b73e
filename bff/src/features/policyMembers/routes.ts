import type { FastifyInstance } from 'fastify';
import {
  idParamSchema,
  policyMemberIdsSchema,
  policyMemberQuerySchema,
  type Page,
  type PolicyMember,
  type PolicyMemberCheck,
  type PolicyMembersAdded,
  type PolicyMembersRemoved,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor, BULK_ID_BODY_LIMIT, pageOf, parseInput } from '@phoenix/server/http';
import { addMembers, checkMembers, listMembers, removeMembers } from './repository';

/** policies/users_in_policy: members listed and searched, checked, added and removed in bulk. */
export default function registerPolicyMemberRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/policies/:id/members', async (request): Promise<Page<PolicyMember>> => {
    const { id } = parseInput(idParamSchema, request.params);
    const query = parseInput(policyMemberQuerySchema, request.query);
    return pageOf(query, await listMembers(ctx.db, id, query));
  });

  app.post('/policies/:id/members/check', { bodyLimit: BULK_ID_BODY_LIMIT }, async (request): Promise<PolicyMemberCheck> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { ids } = parseInput(policyMemberIdsSchema, request.body);
    return checkMembers(ctx.db, id, ids);
  });

  app.post('/policies/:id/members', { bodyLimit: BULK_ID_BODY_LIMIT }, async (request): Promise<PolicyMembersAdded> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { ids } = parseInput(policyMemberIdsSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => addMembers(trx, id, ids, actor.email, now));
  });

  app.post('/policies/:id/members/remove', { bodyLimit: BULK_ID_BODY_LIMIT }, async (request): Promise<PolicyMembersRemoved> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { ids } = parseInput(policyMemberIdsSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx) => removeMembers(trx, id, ids));
  });
}
