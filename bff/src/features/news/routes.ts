import type { FastifyInstance } from 'fastify';
import { newsCreateSchema, newsQuerySchema, newsUpdateSchema } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes } from '../../http/resourceRoutes';
import { news } from './repository';

/** Information (in-game news). The body is markdown, stored and returned as typed. */
export async function registerNewsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerResourceRoutes(app, ctx, {
    path: '/news',
    resource: news,
    schemas: { query: newsQuerySchema, create: newsCreateSchema, update: newsUpdateSchema },
    csv: {
      filename: 'news.csv',
      columns: ['id', 'title', 'category', 'status', 'publishStart', 'publishEnd', 'pinned', 'body', 'version', 'updatedAt', 'updatedBy'],
    },
  });
}

export default registerNewsRoutes;
