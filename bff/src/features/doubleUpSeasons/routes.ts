import type { FastifyInstance } from 'fastify';
import { idParamSchema, type DoubleupParticipant } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, parseInput } from '@phoenix/server/http';
import { doubleupSeasons, topParticipants } from './repository';

/** GET /doubleup-seasons (period filter, sorts, CSV), GET /:id, GET /:id/top-participants. */
export default function registerDoubleupSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, doubleupSeasons);
  app.get('/doubleup-seasons/:id/top-participants', async (request): Promise<{ items: DoubleupParticipant[] }> => {
    const { id } = parseInput(idParamSchema, request.params);
    await doubleupSeasons.get(ctx.db, id, ctx.now()); // 404 for an unknown season
    return { items: await topParticipants(ctx.db, id) };
  });
}
