import type { FastifyInstance } from 'fastify';
import { constantVariableCreateSchema, constantVariableUpdateSchema, listQuerySchema } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes } from '../../http/resourceRoutes';
import { constantVariables } from './repository';

/**
 * The reference CRUD feature. A new versioned area declares its resource in repository.ts
 * (db/versionedResource.ts) and registers its routes here (http/resourceRoutes.ts); extra routes
 * (a toggle, a cancel) use `versionedChange` + `resource.change`. Auth is not mentioned: the guard
 * covers every route by default.
 */
export async function registerConstantVariableRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerResourceRoutes(app, ctx, {
    path: '/constant-variables',
    resource: constantVariables,
    schemas: { query: listQuerySchema, create: constantVariableCreateSchema, update: constantVariableUpdateSchema },
    csv: {
      filename: 'constant-variables.csv',
      columns: ['id', 'key', 'type', 'value', 'description', 'version', 'updatedAt', 'updatedBy'],
    },
  });
}

export default registerConstantVariableRoutes;
