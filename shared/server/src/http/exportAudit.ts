import type { FastifyInstance } from 'fastify';
import { serverTables, type ServerContext } from '../context';
import type { ServerDatabase } from '../db/schema';
import { writeActionLog } from '../db/actionLog';
import { exportTallyOf } from './csv';

/**
 * Every CSV export writes an action-log row once it has been sent: `<area>.export` by the admin,
 * with the route, the filter it was given (the query string), the rows sent and whether it reached
 * the end (a download the client dropped is logged as incomplete). After the response, so the row
 * count is known; a failure to write it is logged as an error.
 */
export function installExportAudit<DB extends ServerDatabase>(app: FastifyInstance, ctx: ServerContext<DB>): void {
  app.addHook('onResponse', async (request, reply) => {
    const tally = exportTallyOf(request);
    const actor = request.auth?.admin;
    if (!tally || !actor) return;
    const url = new URL(request.url, 'http://export.invalid');
    const route = request.routeOptions.url ?? url.pathname;
    const area = route.split('/')[1] || 'export';
    try {
      await serverTables(ctx.db)
        .transaction()
        .execute((trx) =>
          writeActionLog(
            trx,
            { id: actor.id, email: actor.email },
            {
              action: `${area}.export`,
              targetType: 'export',
              targetId: null,
              before: null,
              after: {
                route: `GET ${route}`,
                filter: Object.fromEntries(url.searchParams),
                rows: tally.rows,
                complete: tally.complete,
                status: reply.statusCode,
              },
            },
            ctx.now(),
          ),
        );
    } catch (error) {
      request.log.error({ err: error, route }, 'export audit: the action-log row was not written');
    }
  });
}
