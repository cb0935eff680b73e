import i18next from 'i18next';
import { ApiRequestError } from './ApiRequestError';
import { errorReason, errorText, keyedReason } from '../i18n/errorText';
import { roleNames } from '../auth/usePermissions';

export { errorReason, errorText };

const say = (key: string, options?: Record<string, unknown>) => i18next.t(`errors.${key}`, { ns: 'shell', ...options });

/** A sentence that says what happened and what to do, for toasts and error panels (console language). */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.isNetwork) return say('network');
    if (error.status === 403 && error.code.startsWith('step_up')) return say('stepUpRequired');
    if (error.status === 403 && error.code === 'permission_denied') {
      const allowed = (error.current as { roles?: unknown } | undefined)?.roles;
      return say('permissionDenied', { roles: Array.isArray(allowed) ? roleNames(allowed.map(String)) : '' });
    }
    if (error.status === 403) return say(error.code === 'second_factor_required' ? 'secondFactorRequired' : 'forbidden');
    if (error.status === 404) return say('notFound', { message: error.message ? errorText(error.message) : say('notFoundDefault') });
    // A reason built from values (a count that moved, a status) says more than "someone else saved".
    if (error.isConflict) return keyedReason(error) ?? say('conflict');
    if (error.isValidation) return say('validation', { message: error.message ? errorText(error.message) : say('validationDefault') });
    // A limit that says which and when to retry (searches, exports) says it; else the sign-in throttle's wording.
    if (error.status === 429) return keyedReason(error) ?? say('rateLimited');
    if (error.status >= 500) return say('server');
    return errorText(error.message);
  }
  return error instanceof Error ? error.message : say('unknown');
}
