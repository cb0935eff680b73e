import i18next from 'i18next';
import { CHANGE_CONTROL_CODES, CHANGE_REQUESTS_PATH, CONFIRM_SCOPE_HEADER, type ChangeRequest } from '@phoenix/contract';
import type { ChangeControlAnswer, ChangeControlAsk } from '../modals/changeControlAtom';
import { ApiRequestError } from './ApiRequestError';
import type { ApiClient, RefusedCall } from './client';

const say = (key: string, options?: Record<string, unknown>) => i18next.t(`changeControl.${key}`, { ns: 'shell', ...options });

/**
 * Every form of a global operation, unchanged, in every mode: the server's 428 opens the shell's
 * dialog (ChangeControlDialog). "confirm": the call is sent again with the typed scope.
 * "approve": the same call is filed as a change request, and the form gets an error (status 202,
 * code change_requested) saying so: nothing was changed, and its success path must not run.
 */
export async function answerChangeControl(
  error: ApiRequestError,
  call: RefusedCall,
  ask: (question: ChangeControlAsk) => Promise<ChangeControlAnswer>,
  api: () => ApiClient,
): Promise<unknown> {
  const current = error.current as { scope?: string; operation?: string; note?: string } | undefined;
  const kind =
    error.code === CHANGE_CONTROL_CODES.confirmationRequired
      ? 'confirm'
      : error.code === CHANGE_CONTROL_CODES.approvalRequired
        ? 'approve'
        : null;
  if (!kind || !current?.scope) throw error;
  const answer = await ask({
    kind,
    scope: current.scope,
    operation: current.operation ?? '',
    ...(current.note ? { note: current.note } : {}),
  });
  if (!answer) throw new ApiRequestError(428, 'change_cancelled', say('cancelled'));
  if (answer.kind === 'confirm') return call.retry({ [CONFIRM_SCOPE_HEADER]: answer.scope });
  const request = await api().post<ChangeRequest>(CHANGE_REQUESTS_PATH, {
    method: call.method,
    path: call.path,
    body: call.body,
    reason: answer.reason,
    scheduledAt: answer.scheduledAt,
  });
  throw new ApiRequestError(202, 'change_requested', say('sent', { id: request.id, scope: request.scope }), {}, request);
}
