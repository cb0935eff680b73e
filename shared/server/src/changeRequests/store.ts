import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import {
  isErrorTemplateKey,
  keyedMessage,
  ADMIN_ROLE,
  CHANGE_CONTROL_CODES,
  IDEMPOTENCY_KEY_HEADER,
  type ApiError,
  type ChangePreview,
  type ChangeRequest,
  type ChangeRequestCreate,
  type ChangeRequestStatus,
  type FieldChange,
} from '@phoenix/contract';
import type { Actor, ServerContext } from '../context';
import { writeActionLog } from '../db/actionLog';
import { toJson } from '../db/json';
import { mutate, type LogActor } from '../db/mutate';
import type { ChangeRequestRow, ServerDatabase } from '../db/schema';
import type { ErrorText } from '../errors';
import { permissionOf, requirePermission } from '../http/auth';
import { appliesTo, internalCall, scopeOf, type ChangeControl, type MatchedOperation } from '../http/changeControl';
import { conflict, HttpError, notFound, validationFailed } from '../http/errors';

/** Any service's context: the store reads and writes only the server tables (change_requests, action_logs). */
type AnyContext = ServerContext<any>;
type Database = ServerDatabase;
/** The context on the server tables, so that the store's queries are typed. */
const own = (ctx: AnyContext) => ctx as ServerContext<Database>;

/**
 * Change requests: a global operation prepared by one admin, approved (or rejected) by another,
 * applied through the operation's own route (so every check it makes — versions, confirmed counts
 * — still holds) with a commit hook that marks the request applied and logs it in the operation's
 * own transaction. A stale target makes the route answer 409: the request is then marked failed
 * and the caller gets 409 with the new preview. Every step is one action-log row naming both admins.
 *
 * Statuses: pending → applied | scheduled | rejected | failed | expired | cancelled;
 * scheduled → applied | failed | cancelled (a pg-boss job at its time, see runScheduled).
 *
 * Both services file requests in the one table; each row names its `service`. Only that service
 * approves, rejects, cancels and applies it (its routes, its pg-boss queue): another answers 409
 * with the owner, so the console sends the decision to the owner's API base.
 */

/** The pg-boss queue of approved scheduled changes. */
export const CHANGE_REQUEST_QUEUE = 'change-request-apply';
export interface ChangeRequestJob {
  changeRequestId: number;
}

const SYSTEM: LogActor = { id: null, email: 'system' };
const { selfApproval, linkedApprover, approverTooNew, notPending, expired, stale, otherService } = CHANGE_CONTROL_CODES;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toChangeRequest(row: ChangeRequestRow): ChangeRequest {
  return {
    id: row.id,
    service: row.service,
    operation: row.operation,
    method: row.method,
    path: row.path,
    body: row.body ?? null,
    scope: row.scope,
    preview: row.preview as ChangePreview,
    reason: row.reason,
    preparedVersion: row.prepared_version,
    status: row.status as ChangeRequestStatus,
    scheduledAt: iso(row.scheduled_at),
    expiresAt: row.expires_at.toISOString(),
    requestedBy: { id: row.requested_by_id, email: row.requested_by_email },
    decidedBy: row.decided_by_email === null ? null : { id: row.decided_by_id, email: row.decided_by_email },
    decisionComment: row.decision_comment,
    decidedAt: iso(row.decided_at),
    appliedAt: iso(row.applied_at),
    result: row.result ?? null,
    error: row.error ?? null,
    version: row.version,
    createdAt: row.created_at.toISOString(),
  };
}

/** One action-log row of a step, written in `trx` by `actor`; `after` names both admins. */
async function logStep(trx: Transaction<Database>, actor: LogActor, row: ChangeRequestRow, step: string, now: Date): Promise<void> {
  await writeActionLog(trx, actor, stepEntry(row, step), now);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields the body changes: against the record (its fields only), everything on a create, the record on a delete. */
export function diffOf(method: string, current: unknown, body: unknown): FieldChange[] {
  if (method === 'DELETE') return [{ field: '*', from: current, to: null }];
  if (!isRecord(body)) return [];
  if (!isRecord(current)) return Object.entries(body).map(([field, to]) => ({ field, from: null, to }));
  return Object.entries(body)
    .filter(([field, to]) => field !== 'version' && field in current && !same(current[field], to))
    .map(([field, to]) => ({ field, from: current[field], to }));
}

/** The version (or the confirmed count) the body was prepared against. */
function preparedVersionOf(body: unknown, current: unknown): string | null {
  for (const key of ['version', 'confirmedCount', 'confirmedRecipients', 'lastRunId']) {
    if (isRecord(body) && typeof body[key] === 'number') return `${key}:${body[key]}`;
  }
  return isRecord(current) && typeof current.version === 'number' ? `version:${current.version}` : null;
}

const pathOnly = (path: string) => path.split('?')[0]!;

/**
 * The idempotency key a change request's call carries (a route that wants one, e.g. a point
 * adjustment): one per request, so that an apply run twice appends once; a fresh one for the try.
 */
const keyHeaders = (key: string) => ({ [IDEMPOTENCY_KEY_HEADER]: `change-request-${key}` });

/** What the operation would touch now: its scope, the target (counts or record) and the diff. */
async function previewOf(app: FastifyInstance, actor: Actor, matched: MatchedOperation, method: string, path: string, body: unknown) {
  const { operation, params } = matched;
  const target = pathOnly(path);
  const source = operation.current
    ? operation.current(target, params, body)
    : method === 'POST'
      ? null
      : { method: 'GET' as const, url: target };
  let current: unknown = null;
  if (source) {
    const response = await internalCall(app, { actor, method: source.method, url: source.url, body: source.body });
    current = response.statusCode === 200 ? response.json() : null;
  }
  const preview: ChangePreview = { scope: scopeOf(operation, params, body), current, diff: diffOf(method, current, body) };
  return preview;
}

type ErrorBody = ApiError['error'];
/** A refusal's reason as sent: a reason built from values keeps its key and values (the console's language). */
const passedOnText = (error: ErrorBody): ErrorText =>
  error.messageKey && error.messageParams && isErrorTemplateKey(error.messageKey)
    ? { text: error.message, key: error.messageKey, params: error.messageParams }
    : error.message;
const errorOf = (response: LightMyRequestResponse): ErrorBody => {
  try {
    return (response.json() as ApiError).error;
  } catch {
    return { code: 'internal_error', message: response.body };
  }
};

/** The route's own refusal (400 with field errors, 409 with the current record…), passed on as it is. */
const passOn = (response: LightMyRequestResponse) => {
  const error = errorOf(response);
  return new HttpError(response.statusCode, error.code, passedOnText(error), { fieldErrors: error.fieldErrors, current: error.current });
};

/** The requester as it is now: its current console roles decide whether its request may still apply. */
async function requesterOf(ctx: AnyContext, row: ChangeRequestRow): Promise<Actor> {
  const admin = row.requested_by_id
    ? await (ctx.db as Kysely<ServerDatabase>).selectFrom('admins').select('roles').where('id', '=', row.requested_by_id).executeTakeFirst()
    : undefined;
  return { id: row.requested_by_id ?? 0, email: row.requested_by_email, role: ADMIN_ROLE, roles: admin?.roles ?? [] };
}

/** Approving or rejecting a request is deciding on its operation: the decider needs the operation's permission. */
function requireDecisionPermission(deps: Pick<ChangeRequestDeps, 'app' | 'control'>, row: ChangeRequestRow, actor: Actor): void {
  const matched = deps.control.match(row.method, pathOnly(row.path));
  const permission = matched && permissionOf(deps.app, matched.operation.method, matched.operation.url);
  if (permission) requirePermission(actor.roles, permission);
}

export interface ChangeRequestDeps {
  app: FastifyInstance;
  ctx: AnyContext;
  control: ChangeControl;
  /** This service's name ('bff', 'points'): the owner of the requests it files. */
  service: string;
}

/**
 * Files a request: the call must be a declared global operation; it is tried once in a transaction
 * that is rolled back (its route's checks: a bad body or a stale version answer here, not at
 * approval), and its preview is kept.
 */
export async function requestChange(deps: ChangeRequestDeps, actor: Actor, input: ChangeRequestCreate): Promise<ChangeRequest> {
  const { app, ctx, control } = deps;
  // The query travels with the call (a DELETE's ?version=); the operation is matched on the path.
  const path = input.path;
  const matched = control.match(input.method, pathOnly(path));
  const now = ctx.now();
  // As the gate asks it, for the requester: a budget counts what they already did today.
  const call = { params: matched?.params ?? {}, body: input.body, settings: control.settings, actor, db: ctx.db, now };
  if (!matched || !(await appliesTo(matched.operation, call))) {
    throw validationFailed({ path: ['This call is not a global operation: make it directly'] });
  }
  const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
  if (scheduledAt && scheduledAt <= now) throw validationFailed({ scheduledAt: ['Pick a time in the future'] });

  const dryRun = new HttpError(409, 'dry_run', 'dry run');
  let tried = false;
  const response = await internalCall(app, {
    actor,
    method: input.method,
    url: path,
    body: input.body,
    headers: keyHeaders(`try-${randomBytes(12).toString('hex')}`),
    hook: async () => {
      tried = true;
      throw dryRun; // rolls the operation back
    },
  });
  if (!tried) {
    if (response.statusCode < 400)
      throw new Error(`changeRequests: ${input.method} ${path} ran without its commit hook (not through mutate)`);
    throw passOn(response);
  }

  const preview = await previewOf(app, actor, matched, input.method, path, input.body);
  const expiresAt = new Date(now.getTime() + control.settings.ttlHours * 3_600_000);
  return mutate(own(ctx), actor, async (trx) => {
    const row = await trx
      .insertInto('change_requests')
      .values({
        service: deps.service,
        operation: matched.operation.name,
        method: input.method,
        path,
        body: toJson(input.body),
        scope: preview.scope,
        preview: toJson(preview)!,
        reason: input.reason,
        prepared_version: preparedVersionOf(input.body, preview.current),
        status: 'pending',
        scheduled_at: scheduledAt,
        expires_at: expiresAt,
        requested_by_id: actor.id,
        requested_by_email: actor.email,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { result: toChangeRequest(row), log: stepEntry(row, 'request') };
  });
}

/** The action-log entry of a step (for `mutate` or logStep): the actor is the log's admin, `after` names both. */
function stepEntry(row: ChangeRequestRow, step: string) {
  return {
    action: `changeRequest.${step}`,
    targetType: 'changeRequest',
    targetId: row.id,
    before: null,
    after: {
      operation: row.operation,
      method: row.method,
      path: row.path,
      scope: row.scope,
      status: row.status,
      reason: row.reason,
      requestedBy: row.requested_by_email,
      decidedBy: row.decided_by_email,
      comment: row.decision_comment,
      scheduledAt: iso(row.scheduled_at),
    },
  };
}

/** Pending requests past their time become expired, each logged (by the system, naming the requester). */
export async function expireDue(ctx: AnyContext): Promise<void> {
  const now = ctx.now();
  await own(ctx)
    .db.transaction()
    .execute(async (trx) => {
      const rows = await trx
        .updateTable('change_requests')
        .set({ status: 'expired', ...bumped(now) })
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .returningAll()
        .execute();
      for (const row of rows) await logStep(trx, SYSTEM, row, 'expire', now);
    });
}

async function find(db: Kysely<any>, id: number): Promise<ChangeRequestRow> {
  const row = await (db as Kysely<Database>).selectFrom('change_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('This change request does not exist');
  return row;
}

export async function getChangeRequest(ctx: AnyContext, id: number): Promise<ChangeRequest> {
  return toChangeRequest(await find(ctx.db, id));
}

/** The request as the admin saw it, still open to `allowed` steps: else 409 (expired, decided, or a newer version). */
function checkOpen(row: ChangeRequestRow, version: number, allowed: readonly string[]): void {
  if (row.status === 'expired')
    throw new HttpError(409, expired, 'This request expired before anyone approved it: prepare it again', {
      current: toChangeRequest(row),
    });
  if (!allowed.includes(row.status))
    throw new HttpError(409, notPending, keyedMessage('this_request_is_already_status', { status: row.status }), {
      current: toChangeRequest(row),
    });
  if (row.version !== version) throw conflict(toChangeRequest(row), 'This request changed since you opened it: review it again');
}

/** Only the owning service decides and applies a request (its route runs the operation, its queue holds the job). */
function checkOwner(row: ChangeRequestRow, service: string): void {
  if (row.service !== service)
    throw new HttpError(409, otherService, keyedMessage('this_request_belongs_to_the_service', { service: row.service }), {
      current: toChangeRequest(row),
    });
}

function refuseSelf(row: ChangeRequestRow, actor: Actor, verb: string): void {
  if (row.requested_by_id === actor.id || row.requested_by_email === actor.email) {
    throw new HttpError(403, selfApproval, `Another administrator must ${verb} this request: you requested it`);
  }
}

/** What the requester may have done to the approver's account (the admins area's log rows, targetType 'admin'). */
const LINKING_ACTIONS = ['admin.create', 'admin.resetPassword', 'admin.update', 'admin.enable', 'auth.factorsReset'];
const DAY_MS = 86_400_000;

/**
 * One admin must not act as two: an approver whose account the requester created, reset or
 * promoted (an account it holds the keys of), or that is younger than approverMinAgeDays, is refused.
 * The log is the evidence: it cannot be rewritten (append-only, chained).
 */
async function refuseLinkedApprover(deps: ChangeRequestDeps, row: ChangeRequestRow, actor: Actor, now: Date): Promise<void> {
  const db = deps.ctx.db as Kysely<Database>;
  const minDays = deps.control.settings.approverMinAgeDays;
  const approver = await db.selectFrom('admins').select('created_at').where('id', '=', actor.id).executeTakeFirst();
  if (approver && now.getTime() - approver.created_at.getTime() < minDays * DAY_MS) {
    throw new HttpError(
      403,
      approverTooNew,
      `Accounts younger than ${minDays} days cannot approve changes: another administrator must approve this request`,
    );
  }
  if (row.requested_by_id === null) return;
  const link = await db
    .selectFrom('action_logs')
    .select('action')
    .where('admin_id', '=', row.requested_by_id)
    .where('target_type', '=', 'admin')
    .where('target_id', '=', String(actor.id))
    .where('action', 'in', LINKING_ACTIONS)
    .limit(1)
    .executeTakeFirst();
  if (link) {
    throw new HttpError(
      403,
      linkedApprover,
      `${row.requested_by_email} created, reset or changed your account: another administrator must approve this request`,
    );
  }
}

/** A locked, still-open row inside a decision's transaction (the checks again, under the lock). */
async function lockOpen(trx: Transaction<Database>, id: number, version: number, allowed: readonly string[]): Promise<ChangeRequestRow> {
  const row = await trx.selectFrom('change_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound('This change request does not exist');
  checkOpen(row, version, allowed);
  return row;
}

/**
 * Approve: another admin; a request for a later time is scheduled (a pg-boss job in the same
 * transaction), any other applies now through its route, with the approval logged in the
 * operation's own transaction.
 */
export async function approveChange(
  deps: ChangeRequestDeps,
  actor: Actor,
  id: number,
  decision: { version: number; comment: string },
): Promise<ChangeRequest> {
  const { ctx } = deps;
  await expireDue(ctx);
  const row = await find(ctx.db, id);
  checkOwner(row, deps.service);
  checkOpen(row, decision.version, ['pending']);
  refuseSelf(row, actor, 'approve');
  requireDecisionPermission(deps, row, actor);
  const now = ctx.now();
  await refuseLinkedApprover(deps, row, actor, now);
  if (row.scheduled_at && row.scheduled_at > now) {
    const jobs = ctx.jobs;
    if (!jobs) throw new Error('changeRequests: scheduling needs the job runner (ctx.jobs)');
    return mutate(own(ctx), actor, async (trx) => {
      await lockOpen(trx, id, decision.version, ['pending']);
      const seconds = (row.scheduled_at!.getTime() - now.getTime()) / 1000;
      const jobId = await jobs.send<ChangeRequestJob>(trx, CHANGE_REQUEST_QUEUE, { changeRequestId: id }, seconds);
      const updated = await updateRequest(trx, id, { ...decided(actor, decision.comment, now), status: 'scheduled', job_id: jobId });
      return { result: toChangeRequest(updated), log: stepEntry(updated, 'approve') };
    });
  }
  return apply(deps, row, actor, { from: 'pending', comment: decision.comment });
}

/** Every change to a request: its time and its next version. */
const bumped = (now: Date) => ({ updated_at: now, version: sql<number>`version + 1` });

/** A decision on a pending request: who, why, when. */
const decided = (actor: LogActor, comment: string, now: Date) => ({
  decided_by_id: actor.id,
  decided_by_email: actor.email,
  decision_comment: comment || null,
  decided_at: now,
  ...bumped(now),
});

/** Sets a request's columns (its row is locked by lockOpen) and returns it. */
const updateRequest = (trx: Transaction<Database>, id: number, values: UpdateObject<Database, 'change_requests'>) =>
  trx.updateTable('change_requests').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();

/**
 * Runs the operation through its route as its requester, with a commit hook that moves the
 * request from `from` to applied (and logs approve and apply) in the operation's transaction: the
 * row's status is the guard, so a second run (another instance, a retried job, a second approver)
 * finds it no longer `from` and rolls its operation back. On the route's refusal the request is
 * marked failed, and 409 carries the preview as it is now.
 */
async function apply(
  deps: ChangeRequestDeps,
  row: ChangeRequestRow,
  decider: LogActor,
  options: { from: 'pending' | 'scheduled'; comment?: string },
): Promise<ChangeRequest> {
  const { app, ctx, control } = deps;
  let applied: ChangeRequestRow | null = null;
  const response = await internalCall(app, {
    actor: await requesterOf(ctx, row),
    method: row.method,
    url: row.path,
    body: row.body ?? undefined,
    headers: keyHeaders(String(row.id)),
    hook: async (serviceTrx, now, result) => {
      const trx = serviceTrx as Transaction<Database>; // the service's own database (CommitHook is service-neutral)
      const changes = options.from === 'pending' ? decided(decider, options.comment ?? '', now) : bumped(now);
      const updated = await trx
        .updateTable('change_requests')
        .set({ ...changes, status: 'applied', applied_at: now, result: toJson(result) })
        .where('id', '=', row.id)
        .where('status', '=', options.from)
        .where('version', '=', row.version)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new HttpError(409, notPending, 'This request was decided meanwhile');
      if (options.from === 'pending') await logStep(trx, decider, updated, 'approve', now);
      await logStep(trx, decider, updated, 'apply', now);
      applied = updated;
    },
  });
  if (applied) return toChangeRequest(applied);
  // A declared operation's route must change data through `mutate` (which runs the hook).
  if (response.statusCode < 400) throw new Error(`changeRequests: ${row.method} ${row.path} answered without running its commit hook`);

  const refusal = errorOf(response);
  if (refusal.code === notPending) throw passOn(response);
  const matched = control.match(row.method, pathOnly(row.path));
  const preview = matched ? await previewOf(app, await requesterOf(ctx, row), matched, row.method, row.path, row.body ?? undefined) : null;
  const failed = await mutate(own(ctx), decider, async (trx, now) => {
    const changes = options.from === 'pending' ? decided(decider, options.comment ?? '', now) : bumped(now);
    const updated = await trx
      .updateTable('change_requests')
      .set({ ...changes, status: 'failed', error: toJson({ status: response.statusCode, ...refusal, preview }) })
      .where('id', '=', row.id)
      .where('status', '=', options.from)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new HttpError(409, notPending, 'This request was decided meanwhile');
    return { result: updated, log: stepEntry(updated, 'fail') };
  });
  if (response.statusCode === 409) {
    throw new HttpError(409, stale, 'The target changed since this request was prepared: it was not applied. Prepare it again.', {
      current: { preview, request: toChangeRequest(failed) },
    });
  }
  const reason = keyedMessage('the_operation_was_refused', { reason: refusal.message });
  throw new HttpError(response.statusCode >= 500 ? 502 : 409, 'change_request_failed', reason, {
    current: { preview, request: toChangeRequest(failed) },
  });
}

/** Reject: another admin, with a comment. */
export async function rejectChange(
  deps: Pick<ChangeRequestDeps, 'ctx' | 'service' | 'app' | 'control'>,
  actor: Actor,
  id: number,
  decision: { version: number; comment: string },
): Promise<ChangeRequest> {
  const { ctx } = deps;
  if (!decision.comment) throw validationFailed({ comment: ['Say why the request is rejected'] });
  await expireDue(ctx);
  const row = await find(ctx.db, id);
  checkOwner(row, deps.service);
  checkOpen(row, decision.version, ['pending']);
  refuseSelf(row, actor, 'reject');
  requireDecisionPermission(deps, row, actor);
  return mutate(own(ctx), actor, async (trx, now) => {
    await lockOpen(trx, id, decision.version, ['pending']);
    const updated = await updateRequest(trx, id, { ...decided(actor, decision.comment, now), status: 'rejected' });
    return { result: toChangeRequest(updated), log: stepEntry(updated, 'reject') };
  });
}

/**
 * Cancel a pending or scheduled request (its requester or another admin) until it runs: a
 * scheduled one's job is cancelled in the same transaction; the job finding it cancelled does nothing.
 */
export async function cancelChange(
  deps: Pick<ChangeRequestDeps, 'ctx' | 'service'>,
  actor: Actor,
  id: number,
  decision: { version: number; comment: string },
): Promise<ChangeRequest> {
  const { ctx } = deps;
  checkOwner(await find(ctx.db, id), deps.service);
  return mutate(own(ctx), actor, async (trx, now) => {
    const row = await lockOpen(trx, id, decision.version, ['pending', 'scheduled']);
    if (row.job_id && ctx.jobs) await ctx.jobs.cancel(trx, CHANGE_REQUEST_QUEUE, row.job_id);
    // Cancelling a pending request is its decision; a scheduled one keeps its approver.
    const changes = row.status === 'pending' ? decided(actor, decision.comment, now) : bumped(now);
    const updated = await updateRequest(trx, id, { ...changes, status: 'cancelled' });
    return { result: toChangeRequest(updated), log: stepEntry(updated, 'cancel') };
  });
}

/** The job of a scheduled change: applies it once, as approved; a cancelled or already applied one is left alone. */
export async function runScheduled(deps: ChangeRequestDeps, id: number): Promise<void> {
  const row = await (deps.ctx.db as Kysely<Database>).selectFrom('change_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row || row.status !== 'scheduled' || row.service !== deps.service) return;
  const approver: LogActor = { id: row.decided_by_id, email: row.decided_by_email ?? SYSTEM.email };
  try {
    await apply(deps, row, approver, { from: 'scheduled' });
  } catch (error) {
    // Refused or decided meanwhile: recorded on the request (failed) or by whoever decided; nothing to retry.
    if (error instanceof HttpError && error.statusCode < 500) return;
    throw error;
  }
}

export interface ChangeRequestListQuery {
  page: number;
  pageSize: number;
  view: 'pending' | 'scheduled' | 'recent';
  operation?: string;
  requestedBy?: string;
  path?: string;
  target?: string;
  service?: string;
}

const VIEW_STATUSES: Record<ChangeRequestListQuery['view'], ChangeRequestStatus[]> = {
  pending: ['pending'],
  scheduled: ['scheduled'],
  recent: ['applied', 'rejected', 'failed', 'expired', 'cancelled'],
};

export async function listChangeRequests(ctx: AnyContext, query: ChangeRequestListQuery) {
  await expireDue(ctx);
  let qb = (ctx.db as Kysely<Database>).selectFrom('change_requests').where('status', 'in', VIEW_STATUSES[query.view]);
  if (query.operation)
    qb = qb.where((eb) => eb.or([eb('operation', '=', query.operation!), eb('operation', 'like', `${query.operation}.%`)]));
  if (query.requestedBy) qb = qb.where('requested_by_email', 'ilike', `%${query.requestedBy.replace(/[\\%_]/g, '\\$&')}%`);
  if (query.path) qb = qb.where('path', '=', query.path);
  if (query.target) {
    const target = query.target.replace(/\/+$/, '');
    const like = target.replace(/[\\%_]/g, '\\$&');
    qb = qb.where((eb) => eb.or([eb('path', '=', target), eb('path', 'like', `${like}/%`), eb('path', 'like', `${like}?%`)]));
  }
  if (query.service) qb = qb.where('service', '=', query.service);
  const total = await qb.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
  const ordered =
    query.view === 'scheduled'
      ? qb.orderBy('scheduled_at', 'asc').orderBy('id', 'asc')
      : query.view === 'pending'
        ? qb.orderBy('id', 'desc')
        : qb.orderBy('updated_at', 'desc').orderBy('id', 'desc');
  const rows = await ordered
    .selectAll()
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { items: rows.map(toChangeRequest), total: Number(total.n) };
}

export async function pendingCount(ctx: AnyContext): Promise<{ pending: number; scheduled: number }> {
  await expireDue(ctx);
  const rows = await (ctx.db as Kysely<Database>)
    .selectFrom('change_requests')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('status', 'in', ['pending', 'scheduled'])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: count('pending'), scheduled: count('scheduled') };
}
