// Imports nothing that pulls a library in (no ky, zod or i18next): the host's lean sign-in page
// (host/src/signIn) runs this same code over a fetch-based client.
import type { LoginResponse, PasswordChangeRequiredResponse, SecondFactorRequiredResponse, UserInfoResponse } from '@phoenix/contract';
import { ADMIN_ROLE } from '@phoenix/contract/src/roles';
import { ApiRequestError } from '../api/ApiRequestError';
import type { ApiClient } from '../api/client';

/**
 * Gives an API client that sends the given `token` header (or none). Sign-in needs this: the
 * token it checks is not the console's token yet, so the shared client cannot carry it. Sign-in
 * only posts, so any client with `post` will do (authClientFactory, or the lean page's own).
 */
export type AuthClientFactory = (token: string | null) => Pick<ApiClient, 'post'>;

/**
 * Why a sign-in failed: only ever shown as "sign-in failed", "too many attempts" or "server
 * unreachable", except 'password_change_required': the password was a one-time password, and the
 * login page asks for a new one (POST /users/change-password) before signing in.
 */
export type SignInFailureReason = 'invalid' | 'rate_limited' | 'unavailable' | 'password_change_required' | 'second_factor_required';

/**
 * 'second_factor_required' carries the challenge the code goes back with. A success may say
 * `enrolmentRequired`: the token opens only the Security page until a second factor is added.
 */
export type SignInResult =
  | { status: true; email: string; token: string; enrolmentRequired?: boolean }
  | { status: false; reason: SignInFailureReason; challenge?: string; passkey?: boolean };

/**
 * The password, or (after it) the challenge and a code from the app or a recovery code, or the
 * challenge and a passkey's answer (what @simplewebauthn/browser's startAuthentication gave).
 */
export type Credentials =
  | { email: string; password: string }
  | { email: string; challenge: string; code: string }
  | { email: string; challenge: string; passkey: object };

/** The second step's paths (FACTOR_PATHS.signIn, signInPasskey…; the contract's index pulls zod in). */
const SECOND_FACTOR_PATH = '/users/login/second-factor';
const PASSKEY_PATH = '/users/login/passkey';
const PASSKEY_OPTIONS_PATH = '/users/login/passkey/options';

/** The options a passkey answers at sign-in, for the login's challenge (rejects with the client's error). */
export const passkeySignInOptions = (clientFor: AuthClientFactory, challenge: string) =>
  clientFor(null).post<{ challenge: string } & Record<string, unknown>>(PASSKEY_OPTIONS_PATH, { challenge });

function failureReason(error: unknown): SignInFailureReason {
  if (error instanceof ApiRequestError) {
    if (error.status === 429) return 'rate_limited';
    if (error.isNetwork || error.status >= 500) return 'unavailable';
    return 'invalid';
  }
  return 'unavailable';
}

function extractToken(response: unknown): string | null {
  if (typeof response !== 'object' || response === null) return null;
  const token = (response as Partial<LoginResponse>).token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

function extractUserInfo(response: unknown): { email?: string; role: number } | null {
  const info = (response as Partial<UserInfoResponse> | null)?.data?.userInfo;
  if (!info || typeof info.role !== 'number') return null;
  return { email: typeof info.email === 'string' ? info.email : undefined, role: info.role };
}

/** Best effort: a token we will not use must not stay alive on the server. */
async function revoke(clientFor: AuthClientFactory, token: string): Promise<void> {
  try {
    await clientFor(token).post('/users/logout');
  } catch {
    /* the server may already refuse this token: nothing more to do */
  }
}

/**
 * Seed §4/§5: sign-in succeeds only if a token comes back AND /users/info says role 2.
 * Stores nothing: the caller (useAuth / restoreSession) decides what to keep.
 */
export async function signIn(clientFor: AuthClientFactory, credentials: Credentials): Promise<SignInResult> {
  const email = credentials.email.trim();
  let token: string | null;
  let enrolmentRequired = false;
  try {
    const response =
      'passkey' in credentials
        ? await clientFor(null).post<LoginResponse>(PASSKEY_PATH, { challenge: credentials.challenge, response: credentials.passkey })
        : 'code' in credentials
          ? await clientFor(null).post<LoginResponse>(SECOND_FACTOR_PATH, { challenge: credentials.challenge, code: credentials.code })
          : await clientFor(null).post<LoginResponse | PasswordChangeRequiredResponse | SecondFactorRequiredResponse>('/users/login', {
              email,
              password: credentials.password,
            });
    if ((response as Partial<PasswordChangeRequiredResponse> | null)?.passwordChangeRequired === true) {
      return { status: false, reason: 'password_change_required' };
    }
    const factor = response as Partial<SecondFactorRequiredResponse> | null;
    if (factor?.secondFactorRequired === true && typeof factor.challenge === 'string') {
      return { status: false, reason: 'second_factor_required', challenge: factor.challenge, ...(factor.passkey ? { passkey: true } : {}) };
    }
    enrolmentRequired = (response as Partial<LoginResponse> | null)?.enrolmentRequired === true;
    token = extractToken(response);
  } catch (error) {
    return { status: false, reason: failureReason(error) };
  }
  if (!token) return { status: false, reason: 'invalid' };

  let info: { email?: string; role: number } | null;
  try {
    info = extractUserInfo(await clientFor(token).post<UserInfoResponse>('/users/info'));
  } catch (error) {
    await revoke(clientFor, token);
    const reason = failureReason(error);
    // 401/403 on /users/info means the account may not use the console: a plain failed sign-in.
    return { status: false, reason };
  }
  if (!info || info.role !== ADMIN_ROLE) {
    await revoke(clientFor, token);
    return { status: false, reason: 'invalid' };
  }
  return { status: true, email: info.email || email, token, ...(enrolmentRequired ? { enrolmentRequired } : {}) };
}
