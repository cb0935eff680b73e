import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { doubleupParticipantSchema, idParamSchema, type DoubleupParticipant } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes } from '../../http/resourceRoutes';
import { doubleupSeasons, topParticipants } from './repository';

/** GET /doubleup-seasons (period filter, sorts, CSV), GET /:id, GET /:id/top-participants. */
export default function registerDoubleupSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, doubleupSeasons);
  const topSchema = { params: idParamSchema, response: { 200: z.object({ items: z.array(doubleupParticipantSchema) }) } };
  app.get('/doubleup-seasons/:id/top-participants', { schema: topSchema }, async (request): Promise<{ items: DoubleupParticipant[] }> => {
    const { id } = request.params;
    await doubleupSeasons.get(ctx.db, id, ctx.now()); // 404 for an unknown season
    return { items: await topParticipants(ctx.db, id) };
  });
}
