import type { FastifyInstance } from 'fastify';
import { ADMIN_SORTS, adminStatusUpdateSchema, idParamSchema, listQuerySchema, type AdminAccount, type Page } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { requireActor } from '../../http/auth';
import { pageOf } from '../../http/paging';
import { parseInput, parseSort } from '../../http/validate';
import { mutate } from '../../db/mutate';
import { listAdmins } from './repository';
import { changeAdminStatus } from './service';

export async function registerAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/admins', async (request): Promise<Page<AdminAccount>> => {
    const query = parseInput(listQuerySchema, request.query);
    const sort = parseSort(query.sort, ADMIN_SORTS);
    return pageOf(query, await listAdmins(ctx.db, query, sort));
  });

  app.patch('/admins/:id/status', async (request): Promise<AdminAccount> => {
    const { id } = parseInput(idParamSchema, request.params);
    const { status } = parseInput(adminStatusUpdateSchema, request.body);
    const actor = requireActor(request);
    return mutate(ctx, actor, (trx, now) => changeAdminStatus(trx, actor, id, status, now));
  });
}

export default registerAdminRoutes;
