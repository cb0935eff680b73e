import { z } from 'zod';
import { listQuerySchema, PG_INT_MAX, versionSchema } from './common';
import { lazy } from './lazy';

/**
 * Change requests: a global operation (every battle, every player, a game-balance document, a flag…)
 * in an environment set to "approve" is not applied by its route: the console files it here with
 * the requester's reason (and optionally a time), another admin approves or rejects it, and the
 * approval applies it in one transaction with the version it was prepared against.
 */
export const CHANGE_REQUESTS_PATH = '/change-requests';

/** Per environment (BFF: CHANGE_CONTROL): off, a typed confirmation naming the scope, or a second admin. */
export const CHANGE_CONTROL_MODES = ['off', 'confirm', 'approve'] as const;
export type ChangeControlMode = (typeof CHANGE_CONTROL_MODES)[number];

/** The header carrying the typed scope in "confirm" mode. */
export const CONFIRM_SCOPE_HEADER = 'x-confirm-scope';

/**
 * The scopes of the operations whose forms have their own confirm dialog (force end all, global
 * sign-out, a present to all): in "confirm" mode that dialog asks them typed, the only dialog.
 */
export const GLOBAL_SCOPES = { allBattles: 'all battles', allPlayers: 'all players' } as const;

/** The scope of a present to a list of ids above the bulk limit (settings' bulkIdsAbove). */
export const playersScope = (count: number) => `${count} players`;

/** Error codes of the mechanism (ApiError.code). */
export const CHANGE_CONTROL_CODES = {
  /** 428: the route wants the typed scope (`current.scope`) in CONFIRM_SCOPE_HEADER. */
  confirmationRequired: 'confirmation_required',
  /** 428: the environment wants a change request for this call (`current.scope`, `current.operation`). */
  approvalRequired: 'approval_required',
  /** 403: the requester cannot approve their own request. */
  selfApproval: 'change_request_self_approval',
  /** 403: the approver's account was created, reset or promoted by the requester (one admin acting as two). */
  linkedApprover: 'change_request_linked_approver',
  /** 403: the approver's account is younger than the environment's minimum age for approvers. */
  approverTooNew: 'change_request_approver_too_new',
  /** 409: the request is no longer pending (or scheduled, for cancel). */
  notPending: 'change_request_not_pending',
  /** 409: the request expired before anyone approved it. */
  expired: 'change_request_expired',
  /** 409: the target changed since the request was prepared (`current` is the new preview). */
  stale: 'change_request_stale',
  /** 409: another service owns the request (`current.service`): decide it through that service's API. */
  otherService: 'change_request_other_service',
} as const;

export const CHANGE_REQUEST_STATUSES = ['pending', 'scheduled', 'applied', 'rejected', 'failed', 'expired', 'cancelled'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** One changed field of a record or document: what it is now and what the request sets. */
export const fieldChangeSchema = lazy(() => z.object({ field: z.string(), from: z.unknown(), to: z.unknown() }));
export type FieldChange = z.infer<typeof fieldChangeSchema>;

/** What a request will touch: the scope, the target as it is (counts or the record) and the diff. */
export const changePreviewSchema = lazy(() =>
  z.object({
    scope: z.string(),
    current: z.unknown(),
    diff: z.array(fieldChangeSchema),
  }),
);
export type ChangePreview = z.infer<typeof changePreviewSchema>;

const adminRef = lazy(() => z.object({ id: z.number().int().nullable(), email: z.string() }));

/** The services that file change requests; each applies only its own (the console calls the owner's API base). */
export const CHANGE_REQUEST_SERVICES = ['bff', 'points'] as const;
export type ChangeRequestService = (typeof CHANGE_REQUEST_SERVICES)[number];

export const changeRequestSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    /** The service that owns it: only its API approves, rejects, cancels and applies it. */
    service: z.string(),
    operation: z.string(),
    method: z.string(),
    path: z.string(),
    body: z.unknown(),
    scope: z.string(),
    preview: changePreviewSchema,
    reason: z.string(),
    /** The target's version (or confirmed count) the body was prepared against; null when none. */
    preparedVersion: z.string().nullable(),
    status: z.enum(CHANGE_REQUEST_STATUSES),
    scheduledAt: z.string().nullable(),
    expiresAt: z.string(),
    requestedBy: adminRef,
    decidedBy: adminRef.nullable(),
    decisionComment: z.string().nullable(),
    decidedAt: z.string().nullable(),
    appliedAt: z.string().nullable(),
    /** The operation's answer once applied, or the error that stopped it. */
    result: z.unknown(),
    error: z.unknown(),
    version: z.number().int(),
    createdAt: z.string(),
  }),
);
export type ChangeRequest = z.infer<typeof changeRequestSchema>;

const reasonSchema = lazy(() => z.string().trim().min(1, 'Say why this change is needed').max(500, 'At most 500 characters'));

/** POST /change-requests: the call the console would have made, with a reason and an optional time. */
export const changeRequestCreateSchema = lazy(() =>
  z.object({
    method: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']),
    path: z.string().min(1).max(300).startsWith('/'),
    body: z.unknown().optional(),
    reason: reasonSchema,
    scheduledAt: z.string().datetime({ offset: true, message: 'A date and time' }).nullable().optional(),
  }),
);
export type ChangeRequestCreate = z.infer<typeof changeRequestCreateSchema>;

/** Approve / reject / cancel: the request's version the admin saw, and a comment (required to reject). */
export const changeRequestDecisionSchema = lazy(() =>
  z.object({
    version: versionSchema,
    comment: z.string().trim().max(500, 'At most 500 characters').default(''),
  }),
);
export type ChangeRequestDecision = z.input<typeof changeRequestDecisionSchema>;

export const CHANGE_REQUEST_VIEWS = ['pending', 'scheduled', 'recent'] as const;
export type ChangeRequestView = (typeof CHANGE_REQUEST_VIEWS)[number];

export const changeRequestQuerySchema = lazy(() =>
  listQuerySchema.pick({ page: true, pageSize: true }).extend({
    view: z.enum(CHANGE_REQUEST_VIEWS).default('pending'),
    operation: z.string().max(100).optional(),
    requestedBy: z.string().max(254).optional(),
    /** Only requests on this path (a target page shows its own). */
    path: z.string().max(300).optional(),
    /**
     * Only requests on this record or under it (a record page shows its own): `/active-flags/12`
     * finds its update, its delete (`?version=`) and its actions (`/enabled`), not `/active-flags/123`.
     */
    target: z.string().max(300).startsWith('/').optional(),
    /** Only one service's requests (a target page of that service). */
    service: z.enum(CHANGE_REQUEST_SERVICES).optional(),
  }),
);
export type ChangeRequestQuery = z.input<typeof changeRequestQuerySchema>;

/**
 * GET /change-requests/settings: the environment's mode and what counts as global, so that a form
 * with its own confirm asks the typed scope there (one dialog): each operation's `scope` when it
 * does not depend on the call (a document's 'game balance health'), and the thresholds above which
 * a call is global (a present to more ids than bulkIdsAbove; a point adjustment above adjustmentPointsAbove;
 * a ban of more players than bulkBanAbove), and the daily budgets per admin past which it is too.
 */
export const changeControlSettingsSchema = lazy(() =>
  z.object({
    mode: z.enum(CHANGE_CONTROL_MODES),
    ttlHours: z.number().int().min(1).max(PG_INT_MAX),
    bulkIdsAbove: z.number().int().min(0),
    adjustmentPointsAbove: z.number().int().min(0),
    /** Per admin and UTC day: adjustment points, and ids of id-list operations; past them a call is global. */
    adjustmentPointsPerDay: z.number().int().min(0),
    idsPerDay: z.number().int().min(0),
    /** A ban (or policy members added) of more players than this in one call is global. */
    bulkBanAbove: z.number().int().min(0),
    operations: z.array(z.object({ name: z.string(), method: z.string(), url: z.string(), scope: z.string().optional() })),
  }),
);
export type ChangeControlSettings = z.infer<typeof changeControlSettingsSchema>;

/** GET /change-requests/count: the navbar's badge (requests waiting for a decision, and approved ones waiting for their time). */
export const changeRequestCountSchema = lazy(() => z.object({ pending: z.number().int(), scheduled: z.number().int() }));
export type ChangeRequestCount = z.infer<typeof changeRequestCountSchema>;
