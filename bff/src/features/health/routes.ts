import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { auth: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({
    ok: true as const,
  }));
}

export default registerHealthRoutes;
