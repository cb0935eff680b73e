import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { installLiveEvents } from '@phoenix/server/events';
import type { AppContext } from '../../context';

/** Any signed-in admin opens the stream; each topic is then filtered by its own scope (LIVE_TOPIC_SCOPES). */
export const scope: PermissionScope = 'self';

/**
 * GET /events: server-sent `{ topic, id }` of the changes made through any instance (migration
 * 0071's triggers notify; this instance's one listening connection fans them out). The console
 * invalidates its queries on them (the dashboard's live figures, the requests badge, a running
 * distribution) and reads again through the usual routes.
 */
export default async function registerLiveEventRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await installLiveEvents(app, ctx);
}
