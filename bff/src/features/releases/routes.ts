import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BFF_EXTRA_ERROR_CODES,
  CONSOLE_ROLES,
  ERROR_CODES,
  keyedMessage,
  REMOTE_NAMES,
  RELEASE_OVERRIDES_PATH,
  RELEASE_REPORTS_PATH,
  RELEASES_PATH,
  canaryDecisionSchema,
  releaseReportSchema,
  remoteOverrideSchema,
  type CanaryDecision,
  type ConsoleRole,
  type PermissionScope,
  type PinHistoryEntry,
  type ReleaseReportAnswer,
  type ReleasesStatus,
  type RemoteName,
  type RemoteOverride,
} from '@phoenix/contract';
import { mutate } from '@phoenix/server/db';
import { appCounter, conflict, HttpError, requireActor, tooManyRequests } from '@phoenix/server/http';
import type { AppContext } from '../../context';
import { canaryOf, readPins, type PinsFile } from './pinsFile';
import {
  deleteOverride,
  isKnownVersion,
  listOverrides,
  pruneReports,
  putOverride,
  recordReport,
  remoteVersionStats,
  sessionKeyOf,
} from './repository';
import { changePins, defineReleaseChecks, queueCheckAfterReport, scheduleNextMinute } from './rollback';

/** Promote and abort are operations (change-controlled, global); reports and QA overrides name 'self' (every admin). */
export const scope: PermissionScope = 'operations';

/** A report's largest body: 20 events of at most ~500 bytes each, with room to spare. */
export const REPORT_BODY_LIMIT = 16 * 1024;
/** Reports one session may send a minute (the console flushes every 5 s: 12 a minute, plus page hides). */
export const REPORTS_PER_MINUTE = 30;
const HOUR_MS = 3_600_000;
/** 409 where this BFF has no pins file (ERROR_MESSAGES.pins_are_not_managed_here). */
const PINS_NOT_MANAGED = "This environment's pins are not managed here: the BFF has no PHOENIX_ENVIRONMENT_FILE";

const remoteParams = z.object({ remote: z.enum(REMOTE_NAMES) });

/** What a promote or abort answers: the remote's pin now and the history line it added. */
export interface CanaryDecisionResult {
  remote: RemoteName;
  stable: { version: string };
  canary: null;
  entry: PinHistoryEntry;
}

/**
 * Shipping a remote safely (docs/releasing.md): the pins of the environment file named by
 * PHOENIX_ENVIRONMENT_FILE with their figures per version (GET /releases), the console's reports
 * of each remote version's sessions and errors, promote and abort of a canary (global operations),
 * a session's QA overrides, and the automatic rollback (rollback.ts).
 */
export default function registerReleaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const file = ctx.settings.environmentFile;
  const reportsCounter = appCounter(app, {
    name: 'phoenix_remote_reports_total',
    help: 'Events the console reported per remote version (kind: session, load-failed, render-error, unhandled-rejection), sampled ones left out',
    labelNames: ['remote', 'version', 'kind'] as const,
  });

  // A file that cannot be read stops the start, naming it, rather than every later call failing.
  if (file) {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not a JSON object');
    } catch (error) {
      throw new Error(`PHOENIX_ENVIRONMENT_FILE ${file} is not a readable environment file: ${(error as Error).message}`);
    }
  }
  defineReleaseChecks(ctx, file);
  // The minute's checks run only where pins are managed; reports are pruned by them (or below).
  if (file) app.addHook('onReady', async () => void (await scheduleNextMinute(ctx)));

  const pinsOrNull = async (): Promise<PinsFile | null> => (file ? readPins(file) : null);
  const requirePins = (): string => {
    if (!file) throw conflict(null, PINS_NOT_MANAGED);
    return file;
  };

  app.get(RELEASES_PATH, { config: { scope: 'self' } }, async (): Promise<ReleasesStatus> => {
    const pins = await pinsOrNull();
    const now = ctx.now();
    const remotes: ReleasesStatus['remotes'] = [];
    for (const remote of REMOTE_NAMES) {
      const pin = pins?.remotes?.[remote];
      const canary = canaryOf(pin);
      const versions = await remoteVersionStats(
        ctx.db,
        remote,
        { stable: pin?.version ?? null, canary: canary ? { version: canary.version, startedAt: canary.startedAt } : null },
        now,
      );
      remotes.push({
        remote,
        stable: pin?.version ? { version: pin.version } : null,
        canary: canary
          ? { version: canary.version, audience: canary.audience, rollback: canary.rollback, startedAt: canary.startedAt }
          : null,
        versions,
        history: (pins?.history ?? []).filter((h) => h.target === remote),
      });
    }
    return {
      pinsManaged: pins !== null,
      environment: pins?.environment ?? null,
      qaOverrides: qaOverridesOf(pins),
      remotes,
    };
  });

  // Reports: small, bounded per session, never a 5xx for what a browser sends.
  let lastPrune = 0;
  app.post(
    RELEASE_REPORTS_PATH,
    {
      bodyLimit: REPORT_BODY_LIMIT,
      schema: { body: releaseReportSchema },
      config: {
        scope: 'self',
        rateLimit: {
          max: REPORTS_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `bff:release-reports:session:${request.auth?.sessionId ?? request.ip}`,
          errorResponseBuilder: (_request: FastifyRequest, context: { max: number; ttl: number }) => {
            const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
            return tooManyRequests(keyedMessage('too_many_reports_try_again_in_n_seconds', { max: context.max, seconds }), seconds);
          },
        },
      },
      // Refused before the body is read when it says it is too large (a chunked one meets bodyLimit instead).
      preParsing: async (request) => {
        const length = Number(request.headers['content-length']);
        if (Number.isFinite(length) && length > REPORT_BODY_LIMIT) {
          throw new HttpError(413, BFF_EXTRA_ERROR_CODES.badRequest, 'A report is at most 16 KB');
        }
      },
    },
    async (request, reply): Promise<ReleaseReportAnswer> => {
      const auth = request.auth!;
      const { events } = request.body;
      const pins = await pinsOrNull();
      const now = ctx.now();
      for (const event of events) {
        if (!(await isKnownVersion(ctx.db, pins, event.remote, event.version, now))) {
          throw new HttpError(
            400,
            ERROR_CODES.validation,
            keyedMessage('unknown_remote_version', { remote: event.remote, version: event.version }),
          );
        }
      }
      const outcome = await ctx.db.transaction().execute(async (trx) => {
        const counted = await recordReport(trx, sessionKeyOf(auth.sessionId), events, now);
        // A canary's new figures: judged within seconds, not at the next minute.
        const canaries = new Set(
          counted.touched.filter((t) => canaryOf(pins?.remotes?.[t.remote])?.version === t.version).map((t) => t.remote),
        );
        for (const remote of canaries) await queueCheckAfterReport(ctx, trx, remote);
        return counted;
      });
      for (const { remote, version, kind } of outcome.counted) reportsCounter.inc({ remote, version, kind });
      if (!file && now.getTime() - lastPrune > HOUR_MS) {
        lastPrune = now.getTime();
        await pruneReports(ctx.db, now);
      }
      return reply.code(202).send({ accepted: outcome.accepted, sampled: outcome.sampled });
    },
  );

  const decisionSchema = { params: remoteParams, body: canaryDecisionSchema };
  app.post(`${RELEASES_PATH}/:remote/promote`, { schema: decisionSchema }, async (request) => {
    const pinsFile = requirePins();
    const actor = requireActor(request);
    return decide(ctx, pinsFile, actor, request.params.remote, request.body, 'promote');
  });
  app.post(`${RELEASES_PATH}/:remote/abort`, { schema: decisionSchema }, async (request) => {
    const pinsFile = requirePins();
    const actor = requireActor(request);
    return decide(ctx, pinsFile, actor, request.params.remote, request.body, 'abort');
  });

  // QA overrides: the caller's session only.
  app.get(RELEASE_OVERRIDES_PATH, { config: { scope: 'self' } }, async (request): Promise<RemoteOverride[]> =>
    listOverrides(ctx.db, request.auth!.sessionId),
  );

  app.post(RELEASE_OVERRIDES_PATH, { schema: { body: remoteOverrideSchema }, config: { scope: 'self' } }, async (request, reply) => {
    const pins = await readPins(requirePins());
    const actor = requireActor(request);
    const qa = qaOverridesOf(pins);
    if (!qa.allowed) {
      throw new HttpError(
        403,
        ERROR_CODES.forbidden,
        keyedMessage('qa_overrides_not_allowed', { reason: 'QA overrides are off in this environment' }),
      );
    }
    if (!actor.roles.some((role) => (qa.roles as readonly string[]).includes(role))) {
      const roles = keyedMessage('qa_overrides_need_one_of_these_roles', { roles: qa.roles.join(', ') || 'none' });
      throw new HttpError(403, ERROR_CODES.forbidden, keyedMessage('qa_overrides_not_allowed', { reason: roles.text }));
    }
    const input = request.body;
    if (!pins.remotes?.[input.remote]) throw conflict(null, keyedMessage('remote_is_not_pinned_here', { remote: input.remote }));
    const sessionId = request.auth!.sessionId;
    const override = await mutate(ctx, actor, async (trx, now) => {
      const { override: made, replaced } = await putOverride(trx, sessionId, input, now);
      return {
        result: made,
        log: {
          action: 'release.override',
          targetType: 'release',
          targetId: input.remote,
          before: replaced,
          after: { ...made, stable: pins.remotes?.[input.remote]?.version ?? null },
        },
      };
    });
    return reply.code(201).send(override);
  });

  app.delete(
    `${RELEASE_OVERRIDES_PATH}/:remote`,
    { schema: { params: remoteParams }, config: { scope: 'self' } },
    async (request, reply) => {
      const actor = requireActor(request);
      const sessionId = request.auth!.sessionId;
      const { remote } = request.params;
      const ended = await ctx.db.transaction().execute(async (trx) => deleteOverride(trx, sessionId, remote));
      if (ended) {
        // Logged once it is gone (an override that was not there is no change).
        await mutate(ctx, actor, async () => ({
          result: null,
          log: { action: 'release.overrideEnd', targetType: 'release', targetId: remote, before: ended, after: null },
        }));
      }
      return reply.code(204).send();
    },
  );
}

/** The file's `qaOverrides` (absent: not allowed), its roles limited to console roles. */
function qaOverridesOf(pins: PinsFile | null): ReleasesStatus['qaOverrides'] {
  const qa = pins?.qaOverrides;
  const roles = (qa?.roles ?? []).filter((r): r is ConsoleRole => (CONSOLE_ROLES as readonly string[]).includes(r));
  return { allowed: pins !== null && qa?.allowed === true, roles };
}

/** Promote (the canary becomes the stable version) or abort (the canary is removed) the canary the admin saw. */
function decide(
  ctx: AppContext,
  file: string,
  actor: { id: number; email: string },
  remote: RemoteName,
  input: CanaryDecision,
  decision: 'promote' | 'abort',
): Promise<CanaryDecisionResult | null> {
  return changePins(ctx, actor, file, async (pins, _trx, now) => {
    const pin = pins.remotes?.[remote];
    if (!pin) throw conflict(null, keyedMessage('remote_is_not_pinned_here', { remote }));
    const canary = canaryOf(pin);
    if (!canary) throw conflict(null, keyedMessage('no_canary_of_remote_runs_now', { remote, confirmed: input.canaryVersion }));
    if (canary.version !== input.canaryVersion) {
      throw conflict(
        { remote, canary },
        keyedMessage('the_canary_is_now_current_not_confirmed', { remote, current: canary.version, confirmed: input.canaryVersion }),
      );
    }
    const { canary: _removed, integrity: stableIntegrity, ...rest } = pin;
    const promoted = decision === 'promote';
    const stable = promoted
      ? { ...rest, version: canary.version, ...(canary.integrity ? { integrity: canary.integrity } : {}) }
      : { ...rest, version: pin.version, ...(stableIntegrity ? { integrity: stableIntegrity } : {}) };
    const entry: PinHistoryEntry = {
      at: now.toISOString(),
      action: decision,
      target: remote,
      from: promoted ? pin.version : canary.version,
      to: promoted ? canary.version : pin.version,
      by: actor.email,
      ...(input.reason ? { reason: input.reason } : {}),
    };
    const result: CanaryDecisionResult = { remote, stable: { version: stable.version }, canary: null, entry };
    return {
      pins: { ...pins, remotes: { ...pins.remotes, [remote]: stable }, history: [...(pins.history ?? []), entry] },
      result,
      log: {
        action: `release.${decision}`,
        targetType: 'release',
        targetId: remote,
        before: { stable: pin.version, canary },
        after: { stable: stable.version, canary: null, ...(input.reason ? { reason: input.reason } : {}) },
      },
    };
  });
}
