import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  keyedMessage,
  apiErrorSchema,
  CHANGE_CONTROL_CODES,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  ledgerChangeSchema,
  ledgerEntrySchema,
  ledgerQuerySchema,
  pointsAdjustmentSchema,
  pointsReversalSchema,
  pointAccountsResource,
  PG_INT_MAX,
  type LedgerChange,
  type LedgerEntry,
  type LedgerEntryKind,
  type Page,
  type PointAccount,
  type PermissionScope,
} from '@phoenix/contract';
import type { AppContext } from '../../context';
import { writeActionLog, type LogActor, isUniqueViolation, sortKey, takeCommitHook } from '@phoenix/server/db';
import type { Database } from '../../db/database';
import { versionedResource, type RowOf, type TableQuery } from '../../db/versioned';
import {
  requireActor,
  conflict,
  HttpError,
  notFound,
  validationFailed,
  registerReadRoutes,
  requireStepUp,
  likeEscape,
  pageSchema,
} from '@phoenix/server/http';
import type { LedgerEntryTable } from '../../db/ledgerSchema';

/**
 * The permission scope of this feature's routes (shared/contract permissions.ts): the points
 * programme is the economy role's; a route may name its own.
 */
export const scope: PermissionScope = 'economy';

type AccountRow = RowOf<'points.accounts'>;
type EntryRow = Selectable<LedgerEntryTable> & { reversed_by_id?: number | null };

export function toPointAccount(row: AccountRow): PointAccount {
  return {
    id: row.id,
    wallet: row.wallet,
    balance: Number(row.balance),
    boosterPercent: row.booster_percent,
    lastActivityAt: row.last_activity_at ? row.last_activity_at.toISOString() : null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    updatedBy: row.updated_by,
  };
}

function toEntry(row: EntryRow): LedgerEntry {
  return {
    id: row.id,
    playerId: row.player_id,
    kind: row.kind,
    amount: row.amount,
    balanceAfter: Number(row.balance_after),
    reason: row.reason,
    reversesId: row.reverses_id,
    reversedById: row.reversed_by_id ?? null,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  };
}

const SEARCH_HINT = 'Search by a player id or a wallet address (0x…)';

/** `q`: digits = the player id; 0x… = the wallet (or its beginning), any case. */
function byIdOrWallet(qb: TableQuery<'points.accounts'>, raw: string | undefined): TableQuery<'points.accounts'> {
  const q = raw?.trim().toLowerCase();
  if (!q) return qb;
  if (/^\d{1,30}$/.test(q)) return Number(q) <= PG_INT_MAX ? qb.where('id', '=', Number(q)) : qb.where(sql<boolean>`false`);
  if (/^0x[0-9a-f]{0,40}$/.test(q)) return q.length === 42 ? qb.where('wallet', '=', q) : qb.where('wallet', 'like', `${likeEscape(q)}%`);
  throw validationFailed({ q: [SEARCH_HINT] });
}

/** Point accounts: read-only here (they come from the game); a balance changes only through the ledger. */
export const pointAccounts = versionedResource(pointAccountsResource, {
  table: 'points.accounts',
  toApi: toPointAccount,
  toColumns: () => {
    throw new Error('Point accounts are not created by admins');
  },
  sortKeys: {
    id: sortKey('id', 'plain'),
    balance: sortKey('balance', 'plain'),
    lastActivityAt: sortKey('last_activity_at', 'plain'),
  },
  filters: [(qb, query) => byIdOrWallet(qb, query.q)],
});

const userNotFound = () => notFound('This point account does not exist');
const entryColumns = [
  'e.id',
  'e.player_id',
  'e.kind',
  'e.amount',
  'e.balance_after',
  'e.reason',
  'e.reverses_id',
  'e.idempotency_key',
  'e.created_at',
  'e.created_by',
] as const;

function entriesOf(db: Kysely<Database>) {
  return db
    .selectFrom('points.ledger_entries as e')
    .leftJoin('points.ledger_entries as r', 'r.reverses_id', 'e.id')
    .select([...entryColumns, 'r.id as reversed_by_id']);
}

/** The ledger of one user, newest first, each entry with the balance right after it. */
export async function ledgerOf(db: Kysely<Database>, playerId: number, page: number, pageSize: number): Promise<Page<LedgerEntry>> {
  const user = await db.selectFrom('points.accounts').select('id').where('id', '=', playerId).executeTakeFirst();
  if (!user) throw userNotFound();
  const { count } = await db
    .selectFrom('points.ledger_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('player_id', '=', playerId)
    .executeTakeFirstOrThrow();
  const rows = await entriesOf(db)
    .where('e.player_id', '=', playerId)
    .orderBy('e.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toEntry), total: Number(count), page, pageSize };
}

/** What an admin asks for: a new entry whose amount may depend on the locked state (a reversal reads its original). */
interface EntryRequest {
  kind: Extract<LedgerEntryKind, 'adjustment' | 'reversal'>;
  reason: string;
  /** The amount to append, decided under the user's lock; throws to refuse. */
  decide(trx: Transaction<Database>): Promise<{ amount: number; reversesId: number | null }>;
  /** True when an earlier entry with the same key is this same request (else the key was reused: 409). */
  sameAs(entry: EntryRow): boolean;
  /** The refusal when the entry would make the balance negative. */
  wouldGoNegative(balance: number, amount: number): Error;
}

async function entryByKey(db: Kysely<Database>, key: string): Promise<EntryRow | undefined> {
  return entriesOf(db).where('e.idempotency_key', '=', key).executeTakeFirst();
}

async function replay(db: Kysely<Database>, playerId: number, earlier: EntryRow, request: EntryRequest): Promise<LedgerChange> {
  if (earlier.player_id !== playerId || earlier.kind !== request.kind || !request.sameAs(earlier)) {
    throw conflict(toEntry(earlier), 'This idempotency key was already used for another change. Open the dialog again.');
  }
  const user = await db.selectFrom('points.accounts').selectAll().where('id', '=', playerId).executeTakeFirstOrThrow();
  return { entry: toEntry(earlier), user: toPointAccount(user), replayed: true };
}

/**
 * Appends one admin entry, once per idempotency key: the user's row is locked first, so retries
 * with one key queue behind each other and the later ones find the first one's entry and answer
 * it; the unique key is the last word if two transactions still meet. The entry moves the balance
 * (the database does, migration 0032), never below zero. The action log is written in the same transaction.
 */
async function appendOnce(ctx: AppContext, actor: LogActor, playerId: number, key: string, request: EntryRequest): Promise<LedgerChange> {
  const now = ctx.now();
  // An approved change request (a large adjustment) is marked applied in this transaction (db/commitHook.ts).
  const hook = takeCommitHook();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const user = await trx.selectFrom('points.accounts').selectAll().where('id', '=', playerId).forUpdate().executeTakeFirst();
      if (!user) throw userNotFound();
      const earlier = await entryByKey(trx, key);
      // The request's key was used: another run of it applied it already.
      if (earlier && hook) throw new HttpError(409, CHANGE_CONTROL_CODES.notPending, 'This request was applied meanwhile');
      if (earlier) return replay(trx, playerId, earlier, request);
      const { amount, reversesId } = await request.decide(trx);
      const balanceBefore = Number(user.balance);
      const balanceAfter = balanceBefore + amount;
      if (balanceAfter < 0) throw request.wouldGoNegative(balanceBefore, amount);
      const inserted = await trx
        .insertInto('points.ledger_entries')
        .values({
          player_id: playerId,
          kind: request.kind,
          amount,
          reason: request.reason,
          reverses_id: reversesId,
          idempotency_key: key,
          created_at: now,
          created_by: actor.email,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const updated = await trx
        .updateTable('points.accounts')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: now, updated_by: actor.email }))
        .where('id', '=', playerId)
        .returningAll()
        .executeTakeFirstOrThrow();
      const entry = toEntry((await entriesOf(trx).where('e.id', '=', inserted.id).executeTakeFirstOrThrow()) as EntryRow);
      const before = toPointAccount(user);
      const after = toPointAccount(updated);
      const verb = request.kind === 'adjustment' ? 'adjust' : 'reverse';
      await writeActionLog(
        trx,
        actor,
        { action: `pointUser.${verb}`, targetType: 'pointUser', targetId: playerId, before, after: { ...after, entry } },
        now,
      );
      const change = { entry, user: after, replayed: false };
      if (hook) await hook(trx, now, change);
      return change;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another transaction got there first: with this key (answer its result), or reversing the same entry.
    const earlier = await entryByKey(ctx.db, key);
    if (earlier) return replay(ctx.db, playerId, earlier, request);
    throw conflict(null, 'This entry has already been reversed');
  }
}

function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = idempotencyKeySchema.safeParse(request.headers[IDEMPOTENCY_KEY_HEADER]);
  if (!parsed.success) throw validationFailed({ _form: [parsed.error.issues[0]?.message ?? 'Send an idempotency-key header'] });
  return parsed.data;
}

const userParams = z.object({ id: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such id') });
const entryParams = userParams.extend({ entryId: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such id') });
const points = (n: number) => `${n.toLocaleString('en-US')} point${Math.abs(n) === 1 ? '' : 's'}`;

export default function registerPointAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { path } = pointAccountsResource;
  registerReadRoutes(app, ctx, pointAccounts);
  requireStepUp(app, 'GET /point-accounts/export.csv'); // every wallet and balance: personal data

  const ledgerSchema = { params: userParams, querystring: ledgerQuerySchema, response: { 200: pageSchema(ledgerEntrySchema) } };
  app.get(`${path}/:id/ledger`, { schema: ledgerSchema }, async (request) => {
    const { id } = request.params;
    const { page, pageSize } = request.query;
    return ledgerOf(ctx.db, id, page, pageSize);
  });

  const answer = (reply: FastifyReply, change: LedgerChange) => reply.status(change.replayed ? 200 : 201).send(change);

  // 200: the same key's earlier answer (a replay); 201: the entry is new; 409: the key was used for another change.
  const changed = { 200: ledgerChangeSchema, 201: ledgerChangeSchema, 409: apiErrorSchema };
  // Loose: the other headers stay as they came (the handler's request.headers is the parsed object).
  const headers = z.looseObject({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema });
  const adjustSchema = { params: userParams, headers, body: pointsAdjustmentSchema, response: changed };
  app.post(`${path}/:id/adjustments`, { schema: adjustSchema }, async (request, reply) => {
    const { id } = request.params;
    const key = idempotencyKeyOf(request);
    const input = request.body;
    const change = await appendOnce(ctx, requireActor(request), id, key, {
      kind: 'adjustment',
      reason: input.reason,
      decide: async () => ({ amount: input.amount, reversesId: null }),
      sameAs: (entry) => entry.amount === input.amount && entry.reason === input.reason,
      wouldGoNegative: (balance, amount) =>
        validationFailed({
          amount: [keyedMessage('removing_points_would_make_the_balance_negative', { balance: points(balance), amount: points(-amount) })],
        }),
    });
    return answer(reply, change);
  });

  const reverseSchema = { params: entryParams, headers, body: pointsReversalSchema, response: changed };
  app.post(`${path}/:id/ledger/:entryId/reverse`, { schema: reverseSchema }, async (request, reply) => {
    const { id, entryId } = request.params;
    const key = idempotencyKeyOf(request);
    const input = request.body;
    const change = await appendOnce(ctx, requireActor(request), id, key, {
      kind: 'reversal',
      reason: input.reason,
      decide: async (trx) => {
        const original = await entriesOf(trx).where('e.id', '=', entryId).where('e.player_id', '=', id).executeTakeFirst();
        if (!original) throw notFound('This ledger entry does not exist');
        if (original.kind === 'reversal') throw conflict(toEntry(original), 'A reversal cannot be reversed: add an adjustment instead');
        if (original.reversed_by_id !== null) throw conflict(toEntry(original), 'This entry has already been reversed');
        return { amount: -original.amount, reversesId: original.id };
      },
      sameAs: (entry) => entry.reverses_id === entryId && entry.reason === input.reason,
      wouldGoNegative: (balance, amount) =>
        conflict(
          null,
          keyedMessage('reversing_this_entry_would_make_the_balance_negative', { balance: points(balance), amount: points(amount) }),
        ),
    });
    return answer(reply, change);
  });
}
