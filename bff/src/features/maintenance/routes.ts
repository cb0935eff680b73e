import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { registerDocumentRoutes, BULK_ID_BODY_LIMIT } from '@phoenix/server/http';
import { maintenance } from './repository';

/** GET/PUT /maintenance and its history; the PUT may carry 100,000 player ids. */
export default function registerMaintenanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  return registerDocumentRoutes(app, ctx, maintenance, { bodyLimit: BULK_ID_BODY_LIMIT });
}
