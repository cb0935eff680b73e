import type { FastifyRequest } from 'fastify';
import { STEP_UP_WINDOW_MINUTES } from '@phoenix/contract';
import { stepUpRequired } from './errors';

/**
 * Step-up: an admin with a second factor must have proved it in this session within the last
 * STEP_UP_WINDOW_MINUTES (403 step_up_required; the console asks for a code and sends the call
 * again). An admin without one (allowed where SECOND_FACTOR is optional) is not asked; an internal
 * call (a change request applied) was stepped up when it was made.
 */
export function requireRecentFactor(request: FastifyRequest, now: Date): void {
  const auth = request.auth;
  if (!auth || auth.sessionId === 0 || !auth.hasFactor) return;
  const verifiedAt = auth.factorVerifiedAt?.getTime() ?? 0;
  if (now.getTime() - verifiedAt > STEP_UP_WINDOW_MINUTES * 60_000) throw stepUpRequired();
}
