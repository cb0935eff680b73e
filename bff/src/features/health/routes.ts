import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'self';

export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { auth: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({
    ok: true as const,
  }));
}

export default registerHealthRoutes;
