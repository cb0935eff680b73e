import { z } from 'zod';
import { lazy } from './lazy';

/** Query of every list endpoint: server-side pagination, sort and free-text search. */
export const listQuerySchema = lazy(() =>
  z.object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(20),
    sort: z.string().max(64).optional(),
    order: z.enum(['asc', 'desc']).default('asc'),
    q: z.string().max(200).optional(),
  }),
);
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface Page<T> {
  items: T[];
  /** Matching rows; counted only up to a cap on big lists (then `totalCapped`). */
  total: number;
  /** true: there are more than `total` matching rows (the BFF stops counting at 10,000: "10,000+"). */
  totalCapped?: boolean;
  page: number;
  pageSize: number;
}

/** Every error body the BFF sends. `fieldErrors` maps a form field to its messages (400). */
export const apiErrorSchema = lazy(() =>
  z.object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
      /** Beside fieldErrors: each message's key in ERROR_MESSAGES (null when it has none), for the console's language. */
      fieldErrorKeys: z.record(z.string(), z.array(z.string().nullable())).optional(),
      /** Beside fieldErrorKeys, for a field error built from values (a key of ERROR_TEMPLATES): its values, else null. */
      fieldErrorParams: z.record(z.string(), z.array(z.record(z.string(), z.union([z.string(), z.number()])).nullable())).optional(),
      /** The message's key in ERROR_MESSAGES, or in ERROR_TEMPLATES for a reason built from values. */
      messageKey: z.string().optional(),
      /** With a key of ERROR_TEMPLATES: the values of its {placeholders}. */
      messageParams: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
      /** On a 409: the record as it is now on the server. */
      current: z.unknown().optional(),
    }),
  }),
);
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooManyRequests: 'too_many_requests',
  /** 403: this session was opened without a second factor where one is required: enrol one first. */
  secondFactorRequired: 'second_factor_required',
  /** 403: this operation needs a second factor proved in the last 10 minutes (POST /security/step-up, then again). */
  stepUpRequired: 'step_up_required',
  /** 403: none of the admin's console roles may do this here (`current` names the scope, the action and the roles that may). */
  permissionDenied: 'permission_denied',
  internal: 'internal_error',
} as const;

/** How recently a session must have proved its second factor for a step-up operation. */
export const STEP_UP_WINDOW_MINUTES = 10;

/** Largest value of a PostgreSQL `integer` (ids, versions): past it the database refuses the query. */
export const PG_INT_MAX = 2_147_483_647;

/** Optimistic concurrency: every editable record carries a version the client sends back. */
export const versionSchema = lazy(() => z.number().int().min(1).max(PG_INT_MAX));

/** The audit columns every versioned record carries. */
export const versionedRecordShape = {
  id: lazy(() => z.number().int()),
  version: versionSchema,
  createdAt: lazy(() => z.string()),
  updatedAt: lazy(() => z.string()),
  updatedBy: lazy(() => z.string().nullable()),
};

/** The create and update body of a read-only resource: there is none (no POST or PUT route). */
export const noBodySchema = lazy(() => z.never());

export const idParamSchema = lazy(() => z.object({ id: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such id') }));
