import type { FastifyInstance } from 'fastify';
import { SECURITY_PATHS, signInFailureListSchema, type SignInFailureList } from '@phoenix/contract';
import type { AppContext } from '../../context';
import { requireActor } from '@phoenix/server/http';

/** How many of the latest failures the Security page shows, and how far back it looks. */
const SHOWN = 10;
const WITHIN_DAYS = 30;

/**
 * The admin's own recent failed sign-ins (the action log's auth.signInFailed rows on its account),
 * so a guessed or leaked password shows on its Security page.
 */
export function registerSignInFailureRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(
    SECURITY_PATHS.signInFailures,
    { schema: { response: { 200: signInFailureListSchema } } },
    async (request): Promise<SignInFailureList> => {
      const actor = requireActor(request);
      const since = new Date(ctx.now().getTime() - WITHIN_DAYS * 24 * 3600_000);
      const rows = await ctx.db
        .selectFrom('action_logs')
        .select(['created_at', 'after'])
        .where('action', '=', 'auth.signInFailed')
        .where('target_type', '=', 'admin')
        .where('target_id', '=', String(actor.id))
        .where('created_at', '>', since)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SHOWN)
        .execute();
      return {
        items: rows.map((row) => {
          const after = (row.after ?? {}) as { reason?: unknown; client?: unknown };
          return {
            at: row.created_at.toISOString(),
            reason: typeof after.reason === 'string' ? after.reason : 'unknown',
            clientAddress: typeof after.client === 'string' ? after.client : null,
          };
        }),
      };
    },
  );
}
