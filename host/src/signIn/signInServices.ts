import type { SignInFailureReason } from '@phoenix/shell/src/auth/signIn';

/** A string of the host namespace (`auth.*`) in the page's language; `{{name}}` filled from `values`. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

export interface SignInOutcome {
  status: boolean;
  reason?: SignInFailureReason;
  /** With 'second_factor_required': what the code goes back with. */
  challenge?: string;
  /** With 'second_factor_required': the admin has a passkey (the form offers it). */
  passkey?: boolean;
}

/**
 * What the sign-in form needs from the page around it. The console gives the shell's (its auth
 * state, i18next, ky); the lean sign-in page its own (fetch, a string table, localStorage), so one
 * form serves both without the lean page loading the shell.
 */
export interface SignInServices {
  t: Translate;
  /** Signs in (shell `signIn`: token + admin role). On success the page moves on to the console. */
  signIn(email: string, password: string): Promise<SignInOutcome>;
  /** The step after the password for an account with a second factor; on success as signIn. */
  signInWithCode(email: string, challenge: string, code: string): Promise<SignInOutcome>;
  /** The options a passkey answers for this challenge (POST /users/login/passkey/options). */
  passkeyOptions(challenge: string): Promise<{ challenge: string } & Record<string, unknown>>;
  /** The same step with a passkey's answer (what startAuthentication gave); on success as signIn. */
  signInWithPasskey(email: string, challenge: string, passkey: object): Promise<SignInOutcome>;
  /** POST /users/change-password; rejects with the client's ApiRequestError. */
  changePassword(body: { email: string; password: string; newPassword: string }): Promise<void>;
  /** The lean page only: who an invitation link is for (POST /users/invitation); rejects as changePassword. */
  checkInvitation?(token: string): Promise<{ email: string; kind: 'invite' | 'reset'; expiresAt: string }>;
  /** The lean page only: the password the link sets (POST /users/invitation/accept). */
  acceptInvitation?(body: { token: string; newPassword: string }): Promise<void>;
}

/** The parts of an ApiRequestError the forms read (duck-typed: each page has its own client). */
export interface ApiFailure {
  status: number;
  isNetwork: boolean;
  fieldErrors?: Record<string, string[]>;
}

export function asApiFailure(error: unknown): ApiFailure | null {
  return error instanceof Error && error.name === 'ApiRequestError' && typeof (error as Partial<ApiFailure>).status === 'number'
    ? (error as unknown as ApiFailure)
    : null;
}
