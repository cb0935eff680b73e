import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import {
  keyedMessage,
  idParamSchema,
  LOTTERY_TICKET_CSV_COLUMNS,
  GAME_SERVER_PREFIX,
  lotteryPrizePaySchema,
  lotteryPurchaseResultSchema,
  lotteryPurchaseSchema,
  lotteryRoundCancelSchema,
  lotteryRoundsResource,
  lotteryTicketQuerySchema,
  lotteryTicketPageSchema,
  type LotteryRound,
  type LotteryRoundCreate,
  type LotteryRoundUpdate,
  type LotteryTicketPage,
  type PermissionScope,
} from '@phoenix/contract';
import type { Actor, AppContext } from '../../context';
import { toJson, mutate, type Outcome } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import {
  bearerCheck,
  conflict,
  csvChunks,
  csvResponse,
  EXPORT_BATCH_SIZE,
  registerReadRoutes,
  requireActor,
  sendCsvStream,
  versionedChange,
} from '@phoenix/server/http';
import type { JobRunner } from '@phoenix/server/jobs';
import { newSeed, seedHashOf } from './draw';
import { cancelRound } from './cancel';
import { retryPrize } from './prizeRetry';
import { buyTicket } from './purchase';
import { ticketCsvBatches, ticketPage } from './tickets';
import { drawRound, LOTTERY_DRAW_QUEUE, lotteryRounds, type LotteryDrawJob } from './rounds';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): the points
 * programme is the economy role's; a route may name its own.
 */
export const scope: PermissionScope = 'economy';

const secondsUntil = (at: Date, now: Date) => Math.max(0, (at.getTime() - now.getTime()) / 1000);

/** Queues the round's draw for its draw time, in the transaction that set that time. */
async function scheduleDraw(trx: Transaction<Database>, jobs: JobRunner, round: { id: number; drawAt: string }, now: Date) {
  const jobId = await jobs.send<LotteryDrawJob>(
    trx,
    LOTTERY_DRAW_QUEUE,
    { roundId: round.id, drawAt: round.drawAt },
    secondsUntil(new Date(round.drawAt), now),
  );
  await trx.updateTable('points.lottery_rounds').set({ job_id: jobId }).where('id', '=', round.id).execute();
}

/** A new round: a fresh secret seed (only its hash is served), stored with its draw job. */
async function createRound(trx: Transaction<Database>, jobs: JobRunner, input: LotteryRoundCreate, actor: Actor, now: Date) {
  lotteryRounds.spec.validate?.(input, now);
  const seed = newSeed();
  const row = await trx
    .insertInto('points.lottery_rounds')
    .values({
      name: input.name,
      ticket_price: input.ticketPrice,
      prizes: toJson([...input.prizes].sort((a, b) => a.rank - b.rank)) ?? '[]',
      draw_at: new Date(input.drawAt),
      seed,
      seed_hash: seedHashOf(seed),
      version: 1,
      created_at: now,
      updated_at: now,
      updated_by: actor.email,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const after = lotteryRounds.toApi(row, now);
  await scheduleDraw(trx, jobs, after, now);
  return {
    result: after,
    log: { action: 'pointsLotteryRound.create', targetType: 'pointsLotteryRound', targetId: row.id, before: null, after },
  } satisfies Outcome<LotteryRound>;
}

// jsonb stores keys in its own order: compare the values, rank by rank.
const prizeKey = (prizes: LotteryRound['prizes']) => JSON.stringify(prizes.map((p) => [p.rank, p.reward, p.count]));
const samePrizes = (a: LotteryRound['prizes'], b: LotteryRound['prizes']) => prizeKey(a) === prizeKey(b);

/** An edit: once a ticket is sold the price and prizes are fixed (409 saying why); a new draw time moves the job. */
async function updateRound(trx: Transaction<Database>, jobs: JobRunner, id: number, input: LotteryRoundUpdate, actor: Actor, now: Date) {
  const { row, before } = await lotteryRounds.lockVersion(trx, id, input.version, now, 'update');
  // The update path skips the spec's checks (the body has its own mapping): a draw time in the past
  // would queue the draw at once.
  lotteryRounds.spec.validate?.(input, now);
  const prizes = [...input.prizes].sort((a, b) => a.rank - b.rank);
  if (row.ticket_count > 0 && (input.ticketPrice !== row.ticket_price || !samePrizes(prizes, row.prizes))) {
    throw conflict(before, keyedMessage('n_tickets_have_been_sold_the_round_can_no_longer_change', { tickets: row.ticket_count }));
  }
  const outcome = await lotteryRounds.update(trx, id, input, actor.email, now);
  if (outcome.result.drawAt !== before.drawAt) {
    if (row.job_id) await jobs.cancel(trx, LOTTERY_DRAW_QUEUE, row.job_id);
    await scheduleDraw(trx, jobs, outcome.result, now);
  }
  return outcome;
}

/**
 * Lottery rounds (Lottery Configuration): list, read, create and edit a round; the draw is a
 * pg-boss job sent in the create (or reschedule) transaction, run by `drawRound` at the draw time.
 * A round's tickets are listed and exported (CSV: the draw's input); a round is cancelled before its
 * draw with every ticket's debit reversed; an unpaid prize is paid again. The game's server buys
 * tickets under /game (GAME_SERVER_TOKEN: `ctx.gameServer`, buildPointsApp's `gameServer` option; unset, nobody).
 */
export default function registerPointsLotteryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('lottery: needs the job runner (ctx.jobs)');
  jobs.define<LotteryDrawJob>(LOTTERY_DRAW_QUEUE, async (job) => {
    await drawRound(ctx, job);
  });

  registerReadRoutes(app, ctx, lotteryRounds);
  const { path, schemas } = lotteryRoundsResource;

  app.post(path, { schema: { body: schemas.create, response: { 201: schemas.record } } }, async (request, reply): Promise<LotteryRound> => {
    const input = request.body;
    const actor = requireActor(request);
    const created = await mutate(ctx, actor, (trx, now) => createRound(trx, jobs, input, actor, now));
    reply.status(201);
    return created;
  });

  app.put(
    `${path}/:id`,
    versionedChange(ctx, schemas.update, (trx, id, input, actor, now) => updateRound(trx, jobs, id, input, actor, now), schemas.record),
  );

  app.get(
    `${path}/:id/tickets`,
    { schema: { params: idParamSchema, querystring: lotteryTicketQuerySchema, response: { 200: lotteryTicketPageSchema } } },
    async (request): Promise<LotteryTicketPage> => {
      const { id } = request.params;
      const { page, pageSize } = request.query;
      return ticketPage(ctx.db, id, page, pageSize);
    },
  );

  app.get(
    `${path}/:id/tickets/export.csv`,
    { schema: { params: idParamSchema, response: { 200: csvResponse } } },
    async (request, reply) => {
      const { id } = request.params;
      const chunks = csvChunks(LOTTERY_TICKET_CSV_COLUMNS, ticketCsvBatches(ctx.db, id, EXPORT_BATCH_SIZE), (cells) => cells);
      return sendCsvStream(reply, `lottery-round-${id}-tickets.csv`, chunks);
    },
  );

  app.post(
    `${path}/:id/pay-prize`,
    versionedChange(ctx, lotteryPrizePaySchema, (trx, id, input, actor, now) => retryPrize(trx, id, input, actor, now), schemas.record),
  );

  // The game's server (its own token, not an admin session): a ticket lands only with the debit that pays for it.
  const gameServerAllowed = bearerCheck(ctx.gameServer ?? 'off', 'Game server routes', 'GAME_SERVER_TOKEN');
  const bought = { 200: lotteryPurchaseResultSchema, 201: lotteryPurchaseResultSchema };
  app.post(
    `${GAME_SERVER_PREFIX}${path}/:id/tickets`,
    {
      config: { auth: 'public' }, // not an admin's session: the game server's token, checked below
      schema: { params: idParamSchema, body: lotteryPurchaseSchema, response: bought, security: [{ gameServer: [] }] },
    },
    async (request, reply) => {
      gameServerAllowed(request.headers.authorization);
      const result = await buyTicket(ctx.db, request.params.id, request.body, ctx.now());
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  );

  app.post(
    `${path}/:id/cancel`,
    versionedChange(
      ctx,
      lotteryRoundCancelSchema,
      (trx, id, input, actor, now) => cancelRound(trx, jobs, id, input, actor, now),
      schemas.record,
    ),
  );
}
