import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerChangeRequestRoutes } from '@phoenix/server/changeRequests';
import { GLOBAL_OPERATIONS } from './operations';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'self';

/** /change-requests (@phoenix/server's routes): the BFF's global operations; it owns the requests it files. */
export default function registerBffChangeRequestRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerChangeRequestRoutes(app, ctx, { service: 'bff', operations: GLOBAL_OPERATIONS });
}
