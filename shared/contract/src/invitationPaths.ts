/**
 * The invitation link's calls (public, throttled like sign-in): who it is for, then the password it
 * sets. No imports: the lean sign-in page (host/src/signIn) reads it without the contract's schemas.
 */
export const INVITATION_PATHS = {
  /** POST { token } → { email, kind, expiresAt }: the link is still good. */
  check: '/users/invitation',
  /** POST { token, newPassword } → { email }: the password is set and the link spent. */
  accept: '/users/invitation/accept',
} as const;
