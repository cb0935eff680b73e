import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CHANGE_CONTROL_CODES, CONFIRM_SCOPE_HEADER, type ChangeControlMode } from '@phoenix/contract';
import type { Actor, ServerContext } from '../context';
import { runWithCommitHook, type CommitHook } from '../db/commitHook';
import { HttpError } from './errors';
import { requireRecentFactor } from './stepUp';

/**
 * Change control: the operations marked global (every battle, every player, a game-balance
 * document, a flag…) are declared once, by method and route; one preHandler hook holds them to the
 * environment's mode. 'off': as before. 'confirm': the caller sends the operation's scope, typed by
 * the admin, in CONFIRM_SCOPE_HEADER (else 428 with the scope). 'approve': the route refuses (428) and
 * the console files a change request (changeRequests/, @phoenix/server/changeRequests), applied later through the same route
 * by an internal call.
 */
export interface ChangeControlSettings {
  mode: ChangeControlMode;
  /** A pending request expires after this long. */
  ttlHours: number;
  /** A present distribution to a list of more ids than this counts as global. */
  bulkIdsAbove: number;
  /** A manual point adjustment of more points than this (either way) counts as global (points API). */
  adjustmentPointsAbove: number;
  /**
   * Per admin and UTC day: the points their manual adjustments may move (sum of |amount|, the call
   * included); a call past it counts as global (points API). Many small calls add up as one big one.
   */
  adjustmentPointsPerDay: number;
  /** Per admin and UTC day: the player ids their id-list operations may name (bulk bans, policy members, presents to a list). */
  idsPerDay: number;
  /** A ban or restriction (policy members added) of more players than this in one call counts as global. */
  bulkBanAbove: number;
  /** An approver's account must be at least this many days old (CHANGE_CONTROL_APPROVER_MIN_AGE_DAYS). */
  approverMinAgeDays: number;
}

export const CHANGE_CONTROL_DEFAULTS: ChangeControlSettings = {
  mode: 'off',
  ttlHours: 24,
  bulkIdsAbove: 1000,
  adjustmentPointsAbove: 100_000,
  adjustmentPointsPerDay: 200_000,
  idsPerDay: 5000,
  bulkBanAbove: 100,
  approverMinAgeDays: 0,
};

type Params = Record<string, string>;

/**
 * One call, as `applies` sees it: who makes it (the requester, when a request is filed) and the
 * service's database, so that a budget counts what the admin already did today — from the
 * database, so two instances count the same.
 */
export interface CallContext {
  params: Params;
  body: unknown;
  settings: ChangeControlSettings;
  actor: Actor | null;
  db: Kysely<any>;
  now: Date;
  /**
   * Asked again in the change's own transaction (the gate's recheck): the call's own log row is
   * written, so a budget counts it among what was used rather than adding its size.
   */
  counted?: boolean;
}

/** Whether a call is global: no, yes, or yes with a sentence the 428 adds (e.g. what is left of a daily budget). */
export type Applies = boolean | { note: string };

/**
 * A global operation. Its route must change data through `mutate` (db/mutate.ts): a change
 * request is tried (rolled back) and applied through the commit hook `mutate` runs.
 */
export interface GlobalOperation {
  /** e.g. 'battle.forceEndAll'. */
  name: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as registered, e.g. '/constant-variables/:id'. */
  url: string;
  /**
   * What it touches, in words the admin types to confirm (e.g. 'all battles', 'constant variable 12'):
   * a string when it does not depend on the call (the settings route tells the console, so a form
   * with its own confirm asks it there), else built from the call.
   */
  scope: string | ((params: Params, body: unknown) => string);
  /**
   * Whether this call is global (e.g. a distribution to all players or many ids, a daily budget
   * used up). Default: always. The gate and requestChange both ask it.
   */
  applies?(call: CallContext): Applies | Promise<Applies>;
  /**
   * The call whose answer is the target as it is now (counts or the record), for the preview.
   * Default: GET of the same path (the record or document), none for a POST that creates.
   */
  current?(path: string, params: Params, body: unknown): { method: 'GET' | 'POST'; url: string; body?: unknown } | null;
}

/** Whether one call of `operation` is global (false), and the 428's extra sentence if it says one. */
export async function appliesTo(operation: GlobalOperation, call: CallContext): Promise<false | { note: string | null }> {
  const applies = operation.applies ? await operation.applies(call) : true;
  if (applies === false) return false;
  return { note: applies === true ? null : applies.note };
}

/** The scope of one call of `operation`. */
export const scopeOf = (operation: GlobalOperation, params: Params, body: unknown): string =>
  typeof operation.scope === 'string' ? operation.scope : operation.scope(params, body);

export interface MatchedOperation {
  operation: GlobalOperation;
  params: Params;
}

export interface ChangeControl {
  settings: ChangeControlSettings;
  declare(...operations: GlobalOperation[]): void;
  operations(): readonly GlobalOperation[];
  /** The operation a concrete call (method + path without query) is, if it is one. */
  match(method: string, path: string): MatchedOperation | null;
  /** The operation of a registered route pattern. */
  byRoute(method: string, url: string): GlobalOperation | null;
}

const segments = (path: string) => path.split('/').filter(Boolean);

function matchPattern(pattern: string, path: string): Params | null {
  const want = segments(pattern);
  const got = segments(path);
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(got[i]!);
    else if (part !== got[i]) return null;
  }
  return params;
}

export function createChangeControl(settings: ChangeControlSettings): ChangeControl {
  const declared: GlobalOperation[] = [];
  return {
    settings,
    declare: (...operations) => void declared.push(...operations),
    operations: () => declared,
    match(method, path) {
      for (const operation of declared) {
        if (operation.method !== method) continue;
        const params = matchPattern(operation.url, path);
        if (params) return { operation, params };
      }
      return null;
    },
    byRoute: (method, url) => declared.find((op) => op.method === method && op.url === url) ?? null,
  };
}

// ---- internal calls: a change request applied (or previewed) through the operation's own route ----

const INTERNAL_HEADER = 'x-phoenix-internal';

interface InternalCall {
  actor: Actor;
  hook: CommitHook | null;
}

/** Live internal calls by their one-time key (random, in memory, gone when the call returns). */
const internalCalls = new Map<string, InternalCall>();

/** The internal call this request is, if any: its actor stands for the session. */
export function internalCallOf(request: FastifyRequest): InternalCall | null {
  const key = request.headers[INTERNAL_HEADER];
  return typeof key === 'string' ? (internalCalls.get(key) ?? null) : null;
}

/**
 * Calls a route of this app as `actor` (who requested the change) without a session. With `hook`,
 * the route's `mutate` runs it in its transaction (commitHook.ts).
 */
export async function internalCall(
  app: FastifyInstance,
  call: { actor: Actor; method: string; url: string; body?: unknown; hook?: CommitHook; headers?: Record<string, string> },
): Promise<LightMyRequestResponse> {
  const key = randomBytes(32).toString('hex');
  internalCalls.set(key, { actor: call.actor, hook: call.hook ?? null });
  try {
    return await app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: { ...call.headers, [INTERNAL_HEADER]: key },
      ...(call.body === undefined ? {} : { payload: call.body as object }),
    });
  } finally {
    internalCalls.delete(key);
  }
}

/**
 * 428 naming what the admin must type (confirm mode) or that a change request is needed (approve);
 * `note` (a budget used up) leads the message and travels in `current.note`.
 */
const confirmationRequired = (scope: string, operation: string, note: string | null) =>
  new HttpError(428, CHANGE_CONTROL_CODES.confirmationRequired, `${note ? `${note} ` : ''}Type "${scope}" to confirm`, {
    current: { scope, operation, ...(note ? { note } : {}) },
  });
const approvalRequired = (scope: string, operation: string, note: string | null) =>
  new HttpError(
    428,
    CHANGE_CONTROL_CODES.approvalRequired,
    `${note ? `${note} ` : ''}This environment needs a second administrator's approval for changes to ${scope}: send a change request`,
    { current: { scope, operation, ...(note ? { note } : {}) } },
  );

/**
 * The gate, on the root instance before any route (after the auth guard, which lets an internal
 * call through as its actor — so a change request applied later is not refused again by a budget):
 * every declared global operation is held to the mode.
 */
export function installChangeControl(app: FastifyInstance, control: ChangeControl, ctx: Pick<ServerContext<any>, 'db' | 'now'>): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const internal = internalCallOf(request);
    if (internal) {
      // Callback style: the commit hook's async context must wrap the route that runs next.
      if (internal.hook) runWithCommitHook(internal.hook, done);
      else done();
      return;
    }
    const operation = request.is404 ? null : control.byRoute(request.method, request.routeOptions.url ?? '');
    if (!operation) return done();
    const params = request.params as Params;
    const now = ctx.now();
    const call: CallContext = {
      params,
      body: request.body,
      settings: control.settings,
      actor: request.auth?.admin ?? null,
      db: ctx.db,
      now,
    };
    appliesTo(operation, call).then(
      (applies) => {
        if (applies) return done(refusalOf(request, control.settings.mode, operation, params, applies.note, now));
        if (!operation.applies || control.settings.mode === 'off' || !call.actor) return done();
        // Not global now; a budget counted before the change could pass two calls at once on one
        // remainder, so the change's transaction asks again (a commit hook, as for an approved request).
        runWithCommitHook(recheckInTransaction(request, control.settings.mode, operation, call), done);
      },
      (error: Error) => done(error),
    );
  });
}

/** The advisory lock space of the per-admin recheck ('BDGT'); the second key is the admin's id. */
const BUDGET_LOCK = 0x42444754;

/**
 * Runs in the change's transaction once its log row is written: under the admin's lock (held to
 * the end of the transaction, so the admin's calls take turns here), the operation is asked again
 * with what is committed plus this call. The one that goes past a budget is refused as the gate
 * would have refused it, and its change rolls back.
 */
function recheckInTransaction(request: FastifyRequest, mode: ChangeControlMode, operation: GlobalOperation, call: CallContext): CommitHook {
  return async (trx, now) => {
    await sql`select pg_advisory_xact_lock(${BUDGET_LOCK}, ${call.actor!.id})`.execute(trx);
    const applies = await appliesTo(operation, { ...call, db: trx, now, counted: true });
    const refusal = applies ? refusalOf(request, mode, operation, call.params, applies.note, now) : undefined;
    if (refusal) throw refusal;
  };
}

/** What the gate answers a global call: a step-up, a 428 (confirm without the typed scope, approve), or nothing. */
function refusalOf(
  request: FastifyRequest,
  mode: ChangeControlMode,
  operation: GlobalOperation,
  params: Params,
  note: string | null,
  now: Date,
): Error | undefined {
  // A global operation asks for the second factor again (step-up), whatever the mode.
  try {
    requireRecentFactor(request, now);
  } catch (error) {
    return error as Error;
  }
  if (mode === 'off') return undefined;
  const scope = scopeOf(operation, params, request.body);
  if (mode === 'approve') return approvalRequired(scope, operation.name, note);
  const typed = request.headers[CONFIRM_SCOPE_HEADER];
  if (typeof typed === 'string' && typed.trim() === scope) return undefined;
  return confirmationRequired(scope, operation.name, note);
}
