/**
 * The sign-in form's checks before any request: the rules of the contract's `loginBodySchema`
 * (email trimmed, 1–254 characters, zod's email pattern; password 1–1024 characters) without zod,
 * so the lean sign-in page does not carry it. signInRules.test.ts holds them to the schema.
 */

/** zod 4's `z.string().email()` pattern (z.regexes.email). */
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Which rule a field broke: the key of its message (host:auth.fieldErrors.<key>). */
export type SignInFieldErrors = Partial<{
  email: 'emailRequired' | 'emailInvalid';
  password: 'passwordRequired' | 'passwordTooLong';
}>;

export type SignInCheck = { ok: true; email: string; password: string } | { ok: false; errors: SignInFieldErrors };

export function checkSignIn(email: string, password: string): SignInCheck {
  const errors: SignInFieldErrors = {};
  const trimmed = email.trim();
  if (trimmed === '') errors.email = 'emailRequired';
  else if (trimmed.length > 254 || !EMAIL.test(trimmed)) errors.email = 'emailInvalid';
  if (password === '') errors.password = 'passwordRequired';
  else if (password.length > 1024) errors.password = 'passwordTooLong';
  return errors.email || errors.password ? { ok: false, errors } : { ok: true, email: trimmed, password };
}

/** Only pages of the console are valid places to come back to. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return value === '/admin' || value.startsWith('/admin/') || value.startsWith('/admin?') ? value : null;
}

/**
 * Where an admin without the second factor a deployment requires goes after signing in: the console,
 * which sends them on to enrol one on the `security` area's page (App.tsx, `ENROL_PARAM`).
 */
export const ENROL_PARAM = 'enrol';
export const ENROL_TARGET = `/admin?${ENROL_PARAM}=1`;
