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
  /** GET: the latest failed sign-ins that named this admin's account. */
  signInFailures: '/security/sign-in-failures',
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

/** Second factors: passkeys (WebAuthn), authenticator apps (TOTP) and single-use recovery codes. */
export const FACTOR_PATHS = {
  factors: '/security/factors',
  totp: '/security/factors/totp',
  recoveryCodes: '/security/recovery-codes',
  signIn: '/users/login/second-factor',
  stepUp: '/security/step-up',
  /** A passkey: options for the browser (bound to this session), then its answer. */
  passkeyOptions: '/security/factors/passkey/options',
  passkey: '/security/factors/passkey',
  /** Sign-in with a passkey after the password: options for the login's challenge, then the answer. */
  signInPasskeyOptions: '/users/login/passkey/options',
  signInPasskey: '/users/login/passkey',
  /** Step-up with a passkey: options bound to this session; the answer goes to stepUp as `passkey`. */
  stepUpPasskeyOptions: '/security/step-up/passkey-options',
} as const;

/** The kinds of second factor an admin can enrol. */
export const FACTOR_KINDS = ['totp', 'passkey'] as const;
export type FactorKind = (typeof FACTOR_KINDS)[number];

/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * POST /users/login when the password was right and the account has a second factor: no token
 * yet; the challenge goes back with a code (POST /users/login/second-factor) within 5 minutes.
 */
export interface SecondFactorRequiredResponse {
  secondFactorRequired: true;
  challenge: string;
  /** The admin has a passkey: the sign-in page offers it. */
  passkey?: true;
}

/** POST /users/login/second-factor: the challenge and a code from the app, or a recovery code. */
export const secondFactorSignInSchema = lazy(() =>
  z.object({
    challenge: z.string().min(1).max(128),
    code: z.string().trim().min(1, 'Enter the code').max(64, 'That is not a code'),
  }),
);
export type SecondFactorSignIn = z.infer<typeof secondFactorSignInSchema>;

export const adminFactorSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    kind: z.enum(FACTOR_KINDS),
    label: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  }),
);
export type AdminFactor = z.infer<typeof adminFactorSchema>;

/** GET /security/factors: one's confirmed factors, the unused recovery codes, and whether one is required. */
export const adminFactorListSchema = lazy(() =>
  z.object({
    required: z.boolean(),
    items: z.array(adminFactorSchema),
    recoveryCodesLeft: z.number().int(),
  }),
);
export type AdminFactorList = z.infer<typeof adminFactorListSchema>;

/** Longest name of a factor (the column is varchar(60)). */
export const FACTOR_LABEL_MAX = 60;
const factorLabel = lazy(() =>
  z.string().trim().min(1, 'Give it a name').max(FACTOR_LABEL_MAX, `Use at most ${FACTOR_LABEL_MAX} characters`),
);

/** POST /security/factors/totp: starts an enrolment (pending until its first code is checked). */
export const totpEnrolmentStartSchema = lazy(() => z.object({ label: factorLabel }));
export const totpEnrolmentSchema = lazy(() =>
  z.object({
    id: z.number().int(),
    /** base32, for typing into the app by hand. */
    secret: z.string(),
    /** otpauth:// URI, as the QR code holds it. */
    uri: z.string(),
    /** The QR code as an SVG data URL (shown as an image). */
    qrDataUrl: z.string(),
  }),
);
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** POST /security/factors/:id/confirm: the first code from the app. */
export const factorConfirmSchema = lazy(() =>
  z.object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the app'),
  }),
);
/** The first factor's answer carries a new set of recovery codes, shown once. */
export const factorConfirmedSchema = lazy(() => z.object({ recoveryCodes: z.array(z.string()).nullable() }));
export type FactorConfirmed = z.infer<typeof factorConfirmedSchema>;

export const factorRenameSchema = lazy(() => z.object({ label: factorLabel }));

export const recoveryCodesSchema = lazy(() => z.object({ recoveryCodes: z.array(z.string()) }));
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/**
 * What the browser's WebAuthn call gave (@simplewebauthn/browser's RegistrationResponseJSON or
 * AuthenticationResponseJSON): checked in depth by the server's verification, bounded here.
 */
const base64url = lazy(() =>
  z
    .string()
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]*$/),
);
export const passkeyResponseSchema = lazy(() =>
  z.looseObject({
    id: z
      .string()
      .min(1)
      .max(1024)
      .regex(/^[A-Za-z0-9_-]+$/),
    rawId: z.string().min(1).max(1024),
    type: z.literal('public-key'),
    response: z.looseObject({
      clientDataJSON: base64url,
      attestationObject: base64url.optional(),
      authenticatorData: base64url.optional(),
      signature: base64url.optional(),
      userHandle: base64url.optional(),
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
    clientExtensionResults: z.looseObject({}).optional(),
  }),
);
export type PasskeyResponse = z.infer<typeof passkeyResponseSchema>;

/**
 * The options a WebAuthn call in the browser takes (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON, passed through as the server library made them).
 */
export const passkeyOptionsSchema = lazy(() => z.looseObject({ challenge: z.string() }));
export type PasskeyOptions = z.infer<typeof passkeyOptionsSchema>;

/** POST /security/factors/passkey/options: the name the new passkey gets. */
export const passkeyEnrolmentStartSchema = lazy(() => z.object({ label: factorLabel }));
/** POST /security/factors/passkey: the authenticator's answer to those options. */
export const passkeyEnrolmentSchema = lazy(() => z.object({ response: passkeyResponseSchema }));

/** POST /users/login/passkey/options: the login's challenge; POST /users/login/passkey: it and the answer. */
export const passkeySignInOptionsSchema = lazy(() => z.object({ challenge: z.string().min(1).max(128) }));
export const passkeySignInSchema = lazy(() => z.object({ challenge: z.string().min(1).max(128), response: passkeyResponseSchema }));

/**
 * POST /security/step-up: a code, or a passkey's answer (to /security/step-up/passkey-options),
 * proves the factor again for this session (STEP_UP_WINDOW_MINUTES).
 */
export const stepUpSchema = lazy(() =>
  z
    .object({
      code: z.string().trim().min(1, 'Enter the code').max(64, 'That is not a code').optional(),
      passkey: passkeyResponseSchema.optional(),
    })
    .refine((body) => body.code !== undefined || body.passkey !== undefined, { path: ['code'], message: 'Enter the code' }),
);
export const stepUpDoneSchema = lazy(() => z.object({ verifiedUntil: z.string() }));
export type StepUpDone = z.infer<typeof stepUpDoneSchema>;

/** POST /admins/:id/reset-factors (a lost factor; step-up): what went. */
export const factorsResetSchema = lazy(() =>
  z.object({ removedFactors: z.number().int(), removedRecoveryCodes: z.number().int(), endedSessions: z.number().int() }),
);
export type FactorsReset = z.infer<typeof factorsResetSchema>;

/** One failed sign-in, as the action log recorded it (auth.signInFailed). */
export const signInFailureSchema = lazy(() =>
  z.object({
    at: z.string(),
    /** The reason class: wrong password, throttled, expired one-time password, wrong factor… */
    reason: z.string(),
    clientAddress: z.string().nullable(),
  }),
);
export type SignInFailure = z.infer<typeof signInFailureSchema>;
export const signInFailureListSchema = lazy(() => z.object({ items: z.array(signInFailureSchema) }));
export type SignInFailureList = z.infer<typeof signInFailureListSchema>;
