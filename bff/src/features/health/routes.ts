import type { FastifyInstance } from 'fastify';

export async function registerHealthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { auth: 'public' } }, async () => ({ ok: true as const }));
}

export default registerHealthRoutes;
