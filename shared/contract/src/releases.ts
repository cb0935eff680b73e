import { z } from 'zod';
import { REMOTE_NAMES, SRI_SHA384, type RemoteName, type RuntimeConfig } from './config';
import { CONSOLE_ROLES, type ConsoleRole } from './permissions';
import { lazy } from './lazy';

/**
 * Shipping a remote safely (docs/releasing.md): a pin names a stable version and may name a canary
 * with an audience; an allowed admin may load another released version in their own browser (a QA
 * override); the console reports each remote version's sessions and errors to the BFF, which counts
 * them per version and rolls a failing canary back on its own.
 *
 * Where pins live: the environment file (environments/<env>.json), which the static server reads on
 * every /config.json. The CLI (scripts/env.mjs) writes it; so does the BFF (console promote/abort and
 * the automatic rollback), given the file's path in PHOENIX_ENVIRONMENT_FILE.
 */
export const RELEASES_PATH = '/releases';
export const RELEASE_REPORTS_PATH = '/releases/reports';
export const RELEASE_OVERRIDES_PATH = '/releases/overrides';

/** A released version: plain semver, no build metadata (what scripts/release.mjs accepts). */
export const RELEASE_VERSION = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.-]{1,40})?$/;
const version = lazy(() => z.string().regex(RELEASE_VERSION, 'a released version such as 1.5.0'));
const remoteName = lazy(() => z.enum(REMOTE_NAMES));

/** Who gets a canary: a share of admins (sticky by admin), and/or admins named by id, and/or roles. */
export const canaryAudienceSchema = lazy(() =>
  z.object({
    percent: z.number().int().min(0).max(100),
    admins: z.array(z.number().int().min(1)).max(200),
    roles: z.array(z.enum(CONSOLE_ROLES)).max(CONSOLE_ROLES.length),
  }),
);
export type CanaryAudience = z.infer<typeof canaryAudienceSchema>;

/** When the automatic rollback aborts a canary (set per canary; defaults in scripts/env.mjs). */
export const canaryRollbackSchema = lazy(() =>
  z.object({
    /** Sessions the canary needs before its rate is compared (fewer: never judged). */
    minSessions: z.number().int().min(1).max(1_000_000),
    /** Aborted when canary rate − stable rate exceeds this (0.05 = 5 percentage points). */
    maxErrorRateIncrease: z.number().min(0).max(1),
  }),
);
export type CanaryRollback = z.infer<typeof canaryRollbackSchema>;

/** The canary part of a pin, as /config.json carries it (entry derived like the stable one's). */
export type CanaryPin = NonNullable<RuntimeConfig['remotes'][RemoteName]['canary']>;

/** Why this admin runs the version they run (shown on the versions page). */
export type RemoteVersionReason = 'stable' | 'canary-percent' | 'canary-admin' | 'canary-role' | 'override';

/**
 * The admin's place among 0–99 for one remote's canaries: FNV-1a of "<remote>:<adminId>". Sticky by
 * admin and remote (not by version), so raising a percentage keeps everyone who was already in.
 */
export function canaryBucket(remote: RemoteName, adminId: number): number {
  let hash = 0x811c9dc5;
  for (const char of `${remote}:${adminId}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether an admin is in a canary's audience, and why (null: stays on stable). Named admins first, then roles, then the share. */
export function canaryReason(
  remote: RemoteName,
  audience: CanaryAudience,
  admin: { id: number; roles: readonly string[] },
): Exclude<RemoteVersionReason, 'stable' | 'override'> | null {
  if (audience.admins.includes(admin.id)) return 'canary-admin';
  if (audience.roles.some((role) => admin.roles.includes(role))) return 'canary-role';
  if (canaryBucket(remote, admin.id) < audience.percent) return 'canary-percent';
  return null;
}

/** What the console reports: a remote version was run in this session, or failed in one of three ways. */
export const RELEASE_REPORT_KINDS = ['session', 'load-failed', 'render-error', 'unhandled-rejection'] as const;
export type ReleaseReportKind = (typeof RELEASE_REPORT_KINDS)[number];

/** At most this many events in one report; the console batches and drops past it. */
export const RELEASE_REPORT_MAX_EVENTS = 20;

/**
 * POST /releases/reports (any signed-in admin). No personal data: `page` is the route pattern
 * (`/admin/players/:id`), `message` the error's message cut to 300 characters; the session is the
 * caller's, taken from its token on the server.
 */
export const releaseReportSchema = lazy(() =>
  z
    .object({
      events: z
        .array(
          z
            .object({
              kind: z.enum(RELEASE_REPORT_KINDS),
              remote: remoteName,
              version,
              page: z
                .string()
                .max(200)
                .regex(/^\/[\x21-\x7e]*$/, 'a route pattern such as /admin/points'),
              message: z.string().max(300).optional(),
            })
            .strict(),
        )
        .min(1)
        .max(RELEASE_REPORT_MAX_EVENTS),
    })
    .strict(),
);
export type ReleaseReport = z.infer<typeof releaseReportSchema>;
export type ReleaseReportEvent = ReleaseReport['events'][number];

/** 202: how many events were counted, and how many were dropped by the per-session sampling. */
export interface ReleaseReportAnswer {
  accepted: number;
  sampled: number;
}

/** One version's figures since it was first reported (or since the canary started, for a canary and its stable). */
export interface RemoteVersionStats {
  version: string;
  sessions: number;
  /** Sessions with at least one error. */
  erroredSessions: number;
  errors: number;
  /** erroredSessions / sessions (0 without sessions). */
  errorRate: number;
  lastError: { kind: Exclude<ReleaseReportKind, 'session'>; message: string; page: string; at: string } | null;
}

/** One line of a pin's history (the environment file's `history`). */
export interface PinHistoryEntry {
  at: string;
  action: 'set' | 'rollback' | 'canary' | 'promote' | 'abort' | 'auto-abort';
  target: string;
  from?: string | null;
  to?: string | null;
  by?: string;
  reason?: string;
  forced?: boolean;
}

/** GET /releases: each remote's pin, its figures per version and its history. */
export interface ReleasesStatus {
  /** Whether this BFF manages the environment's pins (PHOENIX_ENVIRONMENT_FILE set). */
  pinsManaged: boolean;
  environment: string | null;
  /** Whether QA overrides are allowed here, and to which roles (the file's `qaOverrides`). */
  qaOverrides: { allowed: boolean; roles: ConsoleRole[] };
  remotes: {
    remote: RemoteName;
    stable: { version: string } | null;
    canary: { version: string; audience: CanaryAudience; rollback: CanaryRollback; startedAt: string } | null;
    versions: RemoteVersionStats[];
    history: PinHistoryEntry[];
  }[];
}

/** POST /releases/:remote/promote and /abort: the canary the admin saw (a different one now: 409). */
export const canaryDecisionSchema = lazy(() =>
  z
    .object({
      canaryVersion: version,
      reason: z.string().trim().max(500).optional(),
    })
    .strict(),
);
export type CanaryDecision = z.infer<typeof canaryDecisionSchema>;

/** POST /releases/overrides: this session loads `version` of `remote` (checked by the console first). */
export const remoteOverrideSchema = lazy(() =>
  z
    .object({
      remote: remoteName,
      version,
      integrity: z.string().regex(SRI_SHA384).optional(),
    })
    .strict(),
);
export type RemoteOverrideInput = z.infer<typeof remoteOverrideSchema>;

/** GET /releases/overrides: this session's overrides (DELETE /releases/overrides/:remote ends one). */
export interface RemoteOverride {
  remote: RemoteName;
  version: string;
  integrity?: string;
  createdAt: string;
}
