import type { FastifyInstance } from 'fastify';
import {
  worldMessageCancelSchema,
  worldMessageCreateSchema,
  worldMessageQuerySchema,
  worldMessageUpdateSchema,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { registerResourceRoutes, versionedChange } from '../../http/resourceRoutes';
import { worldMessages } from './repository';

/** World messages: broadcasts with a display window; cancelled (while scheduled), never deleted. */
export async function registerWorldMessageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerResourceRoutes(app, ctx, {
    path: '/world-messages',
    resource: worldMessages,
    schemas: { query: worldMessageQuerySchema, create: worldMessageCreateSchema, update: worldMessageUpdateSchema },
    csv: {
      filename: 'world-messages.csv',
      columns: ['id', 'message', 'severity', 'state', 'displayStart', 'displayEnd', 'cancelledAt', 'cancelledBy', 'createdAt', 'updatedBy'],
    },
    remove: false,
  });

  app.post(
    '/world-messages/:id/cancel',
    versionedChange(ctx, worldMessageCancelSchema, (trx, id, { version }, actor, now) =>
      worldMessages.change(trx, id, version, 'cancel', { cancelled_at: now, cancelled_by: actor.email }, actor.email, now),
    ),
  );
}

export default registerWorldMessageRoutes;
