/**
 * The browser's own refusals of a WebAuthn call (the prompt closed, timed out, or no passkey
 * chosen): the admin changed its mind, which the forms say differently from a refused passkey.
 * No imports: the host's lean sign-in page reads it too.
 */
export const isPasskeyPromptClosed = (error: unknown): boolean =>
  error instanceof Error && ['NotAllowedError', 'AbortError'].includes(error.name);
