import type { PermissionScope } from '@phoenix/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  keyedMessage,
  apiErrorSchema,
  distributionCancelSchema,
  distributionCreateSchema,
  distributionPreviewSchema,
  distributionPreviewResultSchema,
  presentDistributionsResource,
  distributionSchema,
  isScheduledInThePast,
  SCHEDULED_IN_THE_PAST,
  type Distribution,
  type DistributionCreate,
  type DistributionPreview,
} from '@phoenix/contract';
import type { Actor, AppContext } from '../../context';
import { mutate, type Outcome, sortKey } from '@phoenix/server/db';
import type { Database } from '../../db/schema';
import { versionedResource } from '../../db/versioned';
import { conflict, HttpError, validationFailed } from '@phoenix/server/http';
import { BULK_ID_BODY_LIMIT } from '@phoenix/server/http';
import { registerReadRoutes, versionedChange } from '@phoenix/server/http';
import { requireActor } from '@phoenix/server/http';
import type { JobRunner } from '@phoenix/server/jobs';
import { countRecipients, countSegmentRecipients, countUnknown } from './recipients';
import { toSegment } from '../../db/segments';
import { DISTRIBUTION_QUEUE, markFailed, runDistribution, type DistributionJob } from './run';

/** The permission scope of this feature's routes (shared/contract permissions.ts); a route may name its own. */
export const scope: PermissionScope = 'economy';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const distributions = versionedResource(presentDistributionsResource, {
  table: 'present_distributions',
  toApi: (row) => ({
    id: row.id,
    presentId: row.present_id,
    presentName: row.present_name,
    target: row.target,
    listedIds: row.player_ids.length,
    segmentId: row.segment_id,
    recipientCount: row.recipient_count,
    deliveredCount: row.delivered_count,
    status: row.status,
    scheduledAt: row.scheduled_at.toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    error: row.error,
    createdBy: row.created_by,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  }),
  toColumns: () => {
    throw new Error('A distribution is created by createDistribution');
  },
  sortKeys: {
    scheduledAt: sortKey('scheduled_at', 'plain'),
    createdAt: sortKey('created_at', 'plain'),
    status: sortKey('status', 'plain'),
  },
  search: ['present_name'],
  filters: [(qb, query) => (query.status ? qb.where('status', '=', query.status) : qb)],
  frozen: (row, _now, verb) =>
    verb === 'cancel' && row.status !== 'scheduled'
      ? keyedMessage('this_distribution_is_status_only_a_scheduled_one_can_be_cancelled', { status: row.status })
      : null,
});

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** The segment a send targets: a 400 on segmentId when it does not exist. */
async function segmentOf(db: Kysely<Database>, id: number | null) {
  if (id === null) throw validationFailed({ segmentId: ['Pick a segment'] });
  const row = await db.selectFrom('segments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw validationFailed({ segmentId: ['This segment does not exist'] });
  return toSegment(row);
}

/** Checks the present and the time, counts the recipients, stores it and queues its job in the same transaction. */
async function createDistribution(
  trx: Transaction<Database>,
  jobs: JobRunner,
  input: DistributionCreate,
  actor: Actor,
  now: Date,
): Promise<Outcome<Distribution>> {
  const present = await trx.selectFrom('presents').select(['id', 'name', 'ends_at']).where('id', '=', input.presentId).executeTakeFirst();
  if (!present) throw validationFailed({ presentId: ['This present does not exist'] });
  if (isScheduledInThePast(input.scheduledAt, now)) throw validationFailed({ scheduledAt: [SCHEDULED_IN_THE_PAST] });
  // A time within the clock skew of now is sent now.
  const requested = input.scheduledAt ? new Date(input.scheduledAt) : null;
  const scheduledAt = requested && requested > now ? requested : now;
  if (scheduledAt >= present.ends_at) {
    throw validationFailed({
      [input.scheduledAt ? 'scheduledAt' : 'presentId']: ['The present can no longer be claimed then: its period ends first'],
    });
  }
  const playerIds = input.target === 'list' ? unique(input.playerIds) : [];
  const segment = input.target === 'segment' ? await segmentOf(trx, input.segmentId) : null;
  const recipientCount = segment
    ? await countSegmentRecipients(trx, segment.criteria, now)
    : await countRecipients(trx, input.target, playerIds);
  if (recipientCount === 0)
    throw validationFailed({
      [input.target === 'list' ? 'playerIds' : input.target === 'segment' ? 'segmentId' : 'target']: ['No active player would receive it'],
    });
  // Counted in the transaction that stores it: more players than the admin confirmed is refused.
  if (input.confirmedRecipients !== null && recipientCount > input.confirmedRecipients) {
    const current: DistributionPreview = { recipients: recipientCount, unknownIds: segment ? 0 : await countUnknown(trx, playerIds) };
    throw conflict(current, keyedMessage('the_count_changed_now_n', { count: recipientCount }));
  }

  const row = await trx
    .insertInto('present_distributions')
    .values({
      present_id: present.id,
      present_name: present.name,
      target: input.target,
      player_ids: playerIds,
      // The criteria the admin confirmed the count of: an edit of the segment later does not change this send.
      segment_id: segment?.id ?? null,
      segment_criteria: segment ? JSON.stringify(segment.criteria) : null,
      recipient_count: recipientCount,
      status: 'scheduled',
      scheduled_at: scheduledAt,
      created_by: actor.email,
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: actor.email,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const jobId = await jobs.send<DistributionJob>(
    trx,
    DISTRIBUTION_QUEUE,
    { distributionId: row.id },
    (scheduledAt.getTime() - now.getTime()) / 1000,
  );
  await trx.updateTable('present_distributions').set({ job_id: jobId }).where('id', '=', row.id).execute();
  const after = distributions.toApi({ ...row, job_id: jobId }, now);
  return {
    result: after,
    log: {
      action: 'presentDistribution.create',
      targetType: 'presentDistribution',
      targetId: row.id,
      before: input.confirmedRecipients === null ? null : { confirmedRecipients: input.confirmedRecipients },
      after,
      // A send to a list names every listed id: each of those players' history shows it.
      ...(playerIds.length ? { targets: { type: 'player', ids: playerIds } } : {}),
    },
  };
}

/**
 * Present distribution (Present 配布): send a present to every active player or to a list of ids,
 * now or at a time; list the sends with status and progress; cancel one until it starts. The send
 * is a pg-boss job queued in the same transaction as the row, run by `runDistribution`.
 */
export default function registerDistributionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('presentDistributions: needs the job runner (ctx.jobs)');
  jobs.define<DistributionJob>(DISTRIBUTION_QUEUE, async ({ distributionId }, job) => {
    try {
      await runDistribution(ctx, distributionId);
    } catch (error) {
      await markFailed(ctx, distributionId, error);
      if (!job.lastAttempt) throw error; // pg-boss retries; the next attempt resumes from the cursor
    }
  });

  registerReadRoutes(app, ctx, distributions);
  const { path } = presentDistributionsResource;

  app.put(`${path}/:id`, { schema: { response: { 405: apiErrorSchema } } }, async () => {
    throw new HttpError(405, 'method_not_allowed', 'A distribution cannot be edited: cancel it and send a new one');
  });

  const previewSchema = { body: distributionPreviewSchema, response: { 200: distributionPreviewResultSchema } };
  app.post(`${path}/preview`, { schema: previewSchema, bodyLimit: BULK_ID_BODY_LIMIT }, async (request): Promise<DistributionPreview> => {
    const input = request.body;
    if (input.target === 'segment') {
      const segment = await segmentOf(ctx.db, input.segmentId);
      return { recipients: await countSegmentRecipients(ctx.db, segment.criteria, ctx.now()), unknownIds: 0 };
    }
    const ids = input.target === 'list' ? unique(input.playerIds) : [];
    const [recipients, unknownIds] = await Promise.all([countRecipients(ctx.db, input.target, ids), countUnknown(ctx.db, ids)]);
    return { recipients, unknownIds };
  });

  const createSchema = { body: distributionCreateSchema, response: { 201: distributionSchema, 409: apiErrorSchema } };
  app.post(path, { schema: createSchema, bodyLimit: BULK_ID_BODY_LIMIT }, async (request, reply): Promise<Distribution> => {
    const input = request.body;
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => createDistribution(trx, jobs, input, actor, now));
    reply.status(201);
    return created;
  });

  app.post(
    `${path}/:id/cancel`,
    versionedChange(
      ctx,
      distributionCancelSchema,
      async (trx, id, { version }, actor, now) => {
        const { row } = await distributions.lockVersion(trx, id, version, now, 'cancel');
        if (row.job_id) await jobs.cancel(trx, DISTRIBUTION_QUEUE, row.job_id);
        return distributions.change(trx, id, version, 'cancel', { status: 'cancelled', finished_at: now }, actor.email, now);
      },
      distributionSchema,
    ),
  );
}
