import type { FastifyInstance } from 'fastify';
import { idParamSchema, type DoubleUpParticipant } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, parseInput } from '@phoenix/server/http';
import { doubleUpSeasons, topParticipants } from './repository';

/** GET /double-up-seasons (period filter, sorts, CSV), GET /:id, GET /:id/top-participants. */
export default function registerDoubleUpSeasonRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResourceRoutes(app, ctx, doubleUpSeasons);
  app.get('/double-up-seasons/:id/top-participants', async (request): Promise<{ items: DoubleUpParticipant[] }> => {
    const { id } = parseInput(idParamSchema, request.params);
    await doubleUpSeasons.get(ctx.db, id, ctx.now()); // 404 for an unknown season
    return { items: await topParticipants(ctx.db, id) };
  });
}
