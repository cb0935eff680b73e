import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { doubleUpParticipantSchema, idParamSchema, type DoubleUpParticipant } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes } from '@phoenix/server/http';
import { doubleUpSeasons, topParticipants } from './repository';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

/** GET /doubleup-seasons (period filter, sorts, CSV), GET /:id, GET /:id/top-participants. */
export default function registerDoubleupSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, doubleUpSeasons);
  const topSchema = { params: idParamSchema, response: { 200: z.object({ items: z.array(doubleUpParticipantSchema) }) } };
  app.get('/double-up-seasons/:id/top-participants', { schema: topSchema }, async (request): Promise<{ items: DoubleUpParticipant[] }> => {
    const { id } = request.params;
    await doubleUpSeasons.get(ctx.db, id, ctx.now()); // 404 for an unknown season
    return { items: await topParticipants(ctx.db, id) };
  });
}
