import { z } from 'zod';
import { wholeNumber } from './fields';
import { listQuerySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { lazy } from './lazy';
import { CONSOLE_ROLES } from './permissions';

export const ADMIN_STATUSES = ['active', 'disabled'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** Roles an account may hold: 2 signs in to the console (seed §6), 1 is an operator that cannot. */
export const ADMIN_ROLES = [1, 2] as const;

/** Shortest password an admin may choose (a one-time password is longer). */
export const MIN_PASSWORD_LENGTH = 12;

const roleSchema = lazy(() =>
  z.coerce
    .number({ message: 'Pick a role' })
    .check(wholeNumber('Pick a role'))
    .refine((role) => (ADMIN_ROLES as readonly number[]).includes(role), 'Pick a role'),
);

/**
 * Console roles (permissions.ts): one or more, each once. Optional on create (default: viewer,
 * the least) and on update (unchanged), so the seed's calls keep their shape.
 */
const consoleRolesSchema = lazy(() =>
  z
    .array(z.enum(CONSOLE_ROLES, { message: 'Pick roles from the list' }), { message: 'Pick at least one role' })
    .min(1, 'Pick at least one role')
    .max(CONSOLE_ROLES.length, 'Pick each role once')
    .refine((roles) => new Set(roles).size === roles.length, 'Pick each role once'),
);

/** An admin account as the BFF returns it. Never carries a password or its hash. */
export const adminAccountSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    email: z.string(),
    role: z.number().int(),
    roles: z.array(z.enum(CONSOLE_ROLES)),
    status: z.enum(ADMIN_STATUSES),
    /** A one-time password was issued and not yet replaced at sign-in. */
    mustChangePassword: z.boolean(),
    lastSignInAt: z.string().nullable(),
  }),
);
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const ADMIN_SORTS = ['email', 'role', 'status', 'lastSignInAt', 'createdAt'] as const;

/** POST /admins: the BFF answers with the account and its one-time password (shown once). */
export const adminCreateSchema = lazy(() =>
  z.object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, 'Email is required')
      .max(254, 'Email is at most 254 characters')
      .email('Enter a valid email address'),
    role: roleSchema,
    roles: consoleRolesSchema.optional(),
  }),
);
export type AdminCreate = z.infer<typeof adminCreateSchema>;

/**
 * PUT /admins/:id: the role and console roles (an admin cannot change its own; the last active
 * owner stays one).
 */
export const adminUpdateSchema = lazy(() => z.object({ role: roleSchema, roles: consoleRolesSchema.optional(), version: versionSchema }));
export type AdminUpdate = z.infer<typeof adminUpdateSchema>;

export const adminQuerySchema = lazy(() =>
  listQuerySchema.extend({
    status: z.enum(ADMIN_STATUSES).optional(),
    role: z.coerce.number().int().min(0).max(100).optional(),
    roles: z.enum(CONSOLE_ROLES).optional(),
  }),
);

/** Admin accounts (management). `q` matches the email. Never deleted: disabled. */
export const adminsResource = defineResource({
  scope: 'admins',
  path: '/admins',
  target: 'admin',
  noun: 'admin account',
  schemas: { record: adminAccountSchema, create: adminCreateSchema, update: adminUpdateSchema, query: adminQuerySchema },
  sorts: ADMIN_SORTS,
  defaultSort: { sort: 'email', order: 'asc' },
  csv: { filename: 'admins.csv', columns: ['id', 'email', 'role', 'roles', 'status', 'mustChangePassword', 'lastSignInAt', 'createdAt'] },
  remove: false,
});

/** PATCH /admins/:id/status. Disabling ends the account's sessions at once. */
export const adminStatusUpdateSchema = lazy(() =>
  z.object({
    status: z.enum(ADMIN_STATUSES, { message: 'Pick active or disabled' }),
    version: versionSchema,
  }),
);
export type AdminStatusUpdate = z.infer<typeof adminStatusUpdateSchema>;

/** POST /admins/:id/reset-password: a new one-time password; the account's sessions end. */
export const adminResetPasswordSchema = lazy(() => z.object({ version: versionSchema }));

/** Answer of create and reset: the one-time password travels once and is stored only hashed. */
export interface AdminWithOneTimePassword {
  account: AdminAccount;
  oneTimePassword: string;
  /** ISO time after which it opens nothing (ONE_TIME_PASSWORD_TTL_HOURS, default 24 h): a reset issues another. */
  expiresAt: string;
}

/**
 * Answer of create and reset where the secret must not reach the acting admin (a mail server is
 * configured, or change control is "approve"): the account's owner gets a single-use link by email.
 */
export interface AdminInvited {
  account: AdminAccount;
  invitation: {
    sentTo: string;
    /** ISO time after which the link opens nothing: a reset sends another. */
    expiresAt: string;
  };
}

/** What create and reset answer: the one-time password once, or the invitation sent. */
export type AdminIssued = AdminWithOneTimePassword | AdminInvited;
export const isInvitation = (issued: AdminIssued): issued is AdminInvited => 'invitation' in issued;

// The invitation link's calls: a module of their own, so the lean sign-in page takes them without zod.
export { INVITATION_PATHS } from './invitationPaths';

export const invitationCheckSchema = lazy(() => z.object({ token: z.string().min(20).max(200) }));
export const invitationAcceptSchema = lazy(() =>
  z.object({
    token: z.string().min(20).max(200),
    newPassword: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(1024, 'Use at most 1,024 characters'),
  }),
);

/**
 * POST /users/change-password (public, throttled like sign-in): the forced change after a
 * one-time password. Then the admin signs in with the new password.
 */
export const passwordChangeSchema = lazy(() =>
  z
    .object({
      email: z.string().trim().min(1, 'Email is required').max(254).email('Enter a valid email address'),
      password: z.string().min(1, 'Password is required').max(1024),
      newPassword: z
        .string()
        .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(1024, 'Use at most 1,024 characters'),
    })
    .refine((body) => body.newPassword !== body.password, {
      path: ['newPassword'],
      message: 'Choose a password other than the one-time password',
    }),
);
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
