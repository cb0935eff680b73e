import { z } from 'zod';
import { lazy } from './lazy';

export { ADMIN_ROLE } from './roles';
import type { ConsoleRole } from './permissions';

export const loginBodySchema = lazy(() =>
  z.object({
    email: z.string().trim().min(1, 'Email is required').max(254).email('Enter a valid email address'),
    password: z.string().min(1, 'Password is required').max(1024),
  }),
);
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * POST /users/login → { token } (seed §7). Where a second factor is required and the account has
 * none yet, the token opens the Security page only, and `enrolmentRequired` says so.
 */
export interface LoginResponse {
  token: string;
  enrolmentRequired?: true;
}

/**
 * POST /users/login when the password was a one-time password: right, but no token until the
 * admin chooses a new one (POST /users/change-password, then sign in again).
 */
export interface PasswordChangeRequiredResponse {
  passwordChangeRequired: true;
}

/** POST /users/info (header `token`) → data.userInfo.role (seed §7). */
export interface UserInfoResponse {
  /** roles: the console roles inside role 2 (permissions.ts), beyond the seed's shape. */
  data: { userInfo: { id: number; email: string; role: number; roles: ConsoleRole[] } };
}

/** POST /users/logout (header `token`). */
export interface LogoutResponse {
  ok: true;
}
