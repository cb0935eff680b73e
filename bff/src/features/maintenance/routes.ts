import type { FastifyInstance } from 'fastify';
import { maintenanceUpdateSchema, type MaintenanceStatus } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';
import { requireActor } from '../../http/auth';
import { parseInput } from '../../http/validate';
import { mutate } from '../../db/mutate';
import { BULK_ID_BODY_LIMIT } from '../../http/limits';
import { findMaintenance, toMaintenanceStatus } from './repository';
import { saveMaintenance } from './service';

/** Maintenance status: one versioned document. */
export async function registerMaintenanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/maintenance', async (): Promise<MaintenanceStatus> => {
    const row = await findMaintenance(ctx.db);
    if (!row) throw new HttpError(500, 'internal_error', 'The maintenance document is missing: run the migrations');
    return toMaintenanceStatus(row);
  });

  app.put('/maintenance', { bodyLimit: BULK_ID_BODY_LIMIT }, async (request): Promise<MaintenanceStatus> => {
    const input = parseInput(maintenanceUpdateSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => saveMaintenance(trx, input, actor.email, now));
  });
}

export default registerMaintenanceRoutes;
