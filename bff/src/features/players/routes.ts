import type { FastifyInstance } from 'fastify';
import { playerIdsValidateSchema, type PlayerIdsValidateResponse } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { BULK_ID_BODY_LIMIT } from '../../http/limits';
import { parseInput } from '../../http/validate';
import { unknownPlayerIds } from './repository';

/** Players: for now only the bulk id check used by the "add in bulk" modals. */
export async function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/players/validate-ids', { bodyLimit: BULK_ID_BODY_LIMIT }, async (request): Promise<PlayerIdsValidateResponse> => {
    const { ids } = parseInput(playerIdsValidateSchema, request.body);
    return { unknown: await unknownPlayerIds(ctx.db, [...new Set(ids)]) };
  });
}

export default registerPlayerRoutes;
