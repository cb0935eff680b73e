import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParamSchema,
  playerBanSchemaAt,
  playerBulkBanSchemaAt,
  playerIdsValidateSchema,
  PLAYER_NAMES_PATH,
  playerNamesQuerySchema,
  playerNamesSchema,
  playerBanHistorySchema,
  playerBulkBanResultSchema,
  playerSchema,
  playerUnbanSchema,
  type PlayerBanRecord,
  type PlayerBulkBanResult,
  type PlayerIdsValidateResponse,
  type PlayerNamesResponse,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { mutate } from '@phoenix/server/db';
import { requireActor } from '@phoenix/server/http';
import { BULK_ID_BODY_LIMIT } from '@phoenix/server/http';
import { registerResourceRoutes, requireStepUp, versionedChange } from '@phoenix/server/http';
import { banHistory, players, unknownPlayerIds } from './repository';
import { banPlayer, banPlayers, unbanPlayer } from './service';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

/**
 * Players (user): search and list, detail with ban history, ban / unban one (versioned), ban
 * several at once, the bulk id check used by the "add in bulk" modals, and the names of a page's player ids.
 */
export async function registerPlayerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const validateSchema = { body: playerIdsValidateSchema, response: { 200: z.object({ unknown: z.array(z.number().int()) }) } };
  app.post(
    '/players/validate-ids',
    { schema: validateSchema, bodyLimit: BULK_ID_BODY_LIMIT },
    async (request): Promise<PlayerIdsValidateResponse> => {
      const { ids } = request.body;
      return { unknown: await unknownPlayerIds(ctx.db, ids) }; // repeats are answered once
    },
  );

  // Names where other pages show player ids (battles, tickets, ledgers, action logs): one primary-key read per page of rows.
  app.get(
    PLAYER_NAMES_PATH,
    { schema: { querystring: playerNamesQuerySchema, response: { 200: playerNamesSchema } } },
    async (request): Promise<PlayerNamesResponse> => {
      const ids = [...new Set(request.query.ids)];
      if (!ids.length) return { items: [] };
      const rows = await ctx.db.selectFrom('players').select(['id', 'name']).where('id', 'in', ids).orderBy('id').execute();
      return { items: rows.map((row) => ({ id: row.id, name: row.name })) };
    },
  );

  registerResourceRoutes(app, ctx, players);
  requireStepUp(app, 'GET /players/export.csv'); // names and wallets of every player: personal data

  app.get(
    '/players/:id/bans',
    { schema: { params: idParamSchema, response: { 200: playerBanHistorySchema } } },
    async (request): Promise<{ items: PlayerBanRecord[] }> => {
      const { id } = request.params;
      await players.get(ctx.db, id, ctx.now()); // 404 for an unknown player
      return { items: await banHistory(ctx.db, id, ctx.now()) };
    },
  );

  app.post(
    '/players/:id/ban',
    versionedChange(
      ctx,
      playerBanSchemaAt(() => ctx.now()),
      (trx, id, input, actor, now) => banPlayer(trx, actor, id, input, now),
      playerSchema,
    ),
  );
  app.post(
    '/players/:id/unban',
    versionedChange(ctx, playerUnbanSchema, (trx, id, input, actor, now) => unbanPlayer(trx, actor, id, input, now), playerSchema),
  );

  app.post(
    '/players/ban',
    {
      schema: { body: playerBulkBanSchemaAt(() => ctx.now()), response: { 200: playerBulkBanResultSchema } },
      bodyLimit: BULK_ID_BODY_LIMIT,
    },
    async (request): Promise<PlayerBulkBanResult> => {
      const input = request.body;
      const actor = requireActor(request);
      return mutate(ctx, actor, (trx, now) => banPlayers(trx, actor, input, now));
    },
  );
}

export default registerPlayerRoutes;
