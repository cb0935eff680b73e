import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  idParamSchema,
  MAX_PLAYER_IDS,
  segmentCountSchema,
  segmentCountResultSchema,
  segmentMemberIdsSchema,
  segmentsResource,
  type SegmentCount,
  type SegmentCriteria,
  type SegmentMemberIds,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { csvChunks, csvResponse, EXPORT_BATCH_SIZE, registerResourceRoutes, sendCsvStream, validationFailed } from '@phoenix/server/http';
import {
  assertBalanceReadable,
  assertCriteriaRefsExist,
  countSegment,
  segmentMemberBatches,
  segmentMemberIds,
  segments,
} from '../../db/segments';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'players';

const membersQuerySchema = z.object({ segmentId: idParamSchema.shape.id });

/**
 * Segments: saved player filters (CRUD, versioned, logged), the live count of any criteria, a
 * segment's members as ids (for a bulk ban the admin confirms with their count) and as CSV.
 */
export default function registerSegmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { path } = segmentsResource;
  // A policy named by the criteria must exist: checked before the save (the resource's own checks are synchronous).
  app.addHook('preHandler', async (request) => {
    const route = request.routeOptions.url;
    if (!((request.method === 'POST' && route === path) || (request.method === 'PUT' && route === `${path}/:id`))) return;
    const criteria = (request.body as { criteria?: SegmentCriteria } | undefined)?.criteria;
    if (criteria) await assertCriteriaRefsExist(ctx.db, criteria);
  });

  registerResourceRoutes(app, ctx, segments);

  /** A saved segment whose criteria this service can read now (a balance needs the points tables: else a 400, not a 500). */
  const readableSegment = async (id: number) => {
    const segment = await segments.get(ctx.db, id, ctx.now());
    await assertBalanceReadable(ctx.db, segment.criteria);
    return segment;
  };

  // Reads only (a count): a POST for its body, allowed to readers.
  app.post(
    `${path}/count`,
    { schema: { body: segmentCountSchema, response: { 200: segmentCountResultSchema } }, config: { action: 'read' } },
    async (request): Promise<SegmentCount> => {
      const { criteria } = request.body;
      await assertCriteriaRefsExist(ctx.db, criteria);
      return { count: await countSegment(ctx.db, criteria, ctx.now()) };
    },
  );

  app.get(
    `${path}/:id/count`,
    { schema: { params: idParamSchema, response: { 200: segmentCountResultSchema } } },
    async (request): Promise<SegmentCount> => {
      const segment = await readableSegment(request.params.id);
      return { count: await countSegment(ctx.db, segment.criteria, ctx.now()) };
    },
  );

  app.get(
    `${path}/:id/member-ids`,
    { schema: { params: idParamSchema, response: { 200: segmentMemberIdsSchema } } },
    async (request): Promise<SegmentMemberIds> => {
      const segment = await readableSegment(request.params.id);
      const ids = await segmentMemberIds(ctx.db, segment.criteria, ctx.now(), MAX_PLAYER_IDS + 1);
      if (ids.length > MAX_PLAYER_IDS) {
        throw validationFailed({ id: ['This segment has too many members for one bulk action: narrow its criteria'] });
      }
      return { ids };
    },
  );

  // The segment is named in the query, so the export's action-log row (exportAudit) records which one.
  app.get(
    `${path}/members/export.csv`,
    { schema: { querystring: membersQuerySchema, response: { 200: csvResponse } } },
    async (request, reply) => {
      const segment = await readableSegment(request.query.segmentId);
      const batches = segmentMemberBatches(ctx.db, segment.criteria, ctx.now(), EXPORT_BATCH_SIZE);
      const chunks = csvChunks(['playerId'], batches, (row: { id: number }) => [row.id]);
      return sendCsvStream(reply, `segment-${segment.id}-members.csv`, chunks);
    },
  );
}
