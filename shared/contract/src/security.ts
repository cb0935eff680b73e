import { z } from 'zod';
import { lazy } from './lazy';
import { MIN_PASSWORD_LENGTH } from './admins';
import { PG_INT_MAX } from './common';

/**
 * An admin's own security (the Security page): its sessions, signing out everywhere and a
 * password change that ends the other sessions. Security admins read and end any admin's
 * sessions under /admins/:id/sessions.
 */
export const SECURITY_PATHS = {
  sessions: '/security/sessions',
  signOutEverywhere: '/security/sign-out-everywhere',
  password: '/security/password',
} as const;

/** An open session as the Security page lists it. */
export const adminSessionSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    /** "Chrome 131 on Linux", from the User-Agent at sign-in; null when none was sent (or before it was kept). */
    browser: z.string().nullable(),
    userAgent: z.string().nullable(),
    clientAddress: z.string().nullable(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    expiresAt: z.string(),
    /** The session this request was made with. */
    current: z.boolean(),
  }),
);
export type AdminSession = z.infer<typeof adminSessionSchema>;

export const adminSessionListSchema = lazy(() => z.object({ items: z.array(adminSessionSchema) }));
export type AdminSessionList = z.infer<typeof adminSessionListSchema>;

/** The answer of ending sessions: how many ended (sign out everywhere, a password change). */
export const sessionsEndedSchema = lazy(() => z.object({ endedSessions: z.number().int() }));
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

export const sessionIdParamSchema = lazy(() =>
  z.object({ sessionId: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such session') }),
);
export const adminSessionParamSchema = lazy(() =>
  z.object({
    id: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such id'),
    sessionId: z.coerce.number().int().positive().max(PG_INT_MAX, 'No such session'),
  }),
);

/** POST /security/password: the current password and a new one; every other session ends. */
export const ownPasswordChangeSchema = lazy(() =>
  z
    .object({
      currentPassword: z.string().min(1, 'Enter your current password').max(1024, 'Use at most 1,024 characters'),
      newPassword: z
        .string()
        .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
        .max(1024, 'Use at most 1,024 characters'),
    })
    .refine((body) => body.newPassword !== body.currentPassword, {
      path: ['newPassword'],
      message: 'Choose a password other than the current one',
    }),
);
export type OwnPasswordChange = z.infer<typeof ownPasswordChangeSchema>;
