import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@phoenix/contract';
import { HttpError } from './errors';

/** Who may call a route guarded by a token of its own: anyone (local only), the token's holder, or nobody (no token set). */
export type BearerAccess = 'open' | 'off' | { token: string };

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * A check of `authorization: Bearer <token>` against a configured secret (compared in constant time,
 * as digests, so neither its length nor its bytes leak), for callers that are not admins: a metrics
 * scraper (METRICS_TOKEN), the game's server (GAME_SERVER_TOKEN).
 */
export function bearerCheck(access: BearerAccess, what: string, variable: string): (authorization: string | undefined) => void {
  if (access === 'open') return () => {};
  if (access === 'off') {
    return () => {
      throw new HttpError(403, ERROR_CODES.forbidden, `${what} are off in this environment: set ${variable} to call them`);
    };
  }
  const expected = digest(access.token);
  return (authorization) => {
    const given = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), expected)) {
      throw new HttpError(401, ERROR_CODES.unauthorized, `Send the token: authorization: Bearer <${variable}>`, {
        headers: { 'www-authenticate': 'Bearer' },
      });
    }
  };
}
