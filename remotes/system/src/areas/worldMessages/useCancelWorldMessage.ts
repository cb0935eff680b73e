import type { WorldMessage } from '@phoenix/contract';
import { describeError, useConfirm, useResourceAction, type ApiRequestError } from '@phoenix/shell';
import { truncate } from '@phoenix/ui';
import { WORLD_MESSAGES } from './worldMessageLabels';

/** What a failed cancel means for the admin, and what to do next. */
function cancelFailure(error: ApiRequestError): string {
  if (!error.isConflict) return describeError(error);
  const current = error.current as WorldMessage | undefined;
  if (current && current.state !== 'scheduled') {
    return `This message is already ${current.state}: only a scheduled message can be cancelled. The list now shows its current state.`;
  }
  return 'Someone changed this message in the meantime. The list now shows their version: check it and cancel again if needed.';
}

/** Asks first (naming the message), then POST /world-messages/:id/cancel with the version seen. */
export function useCancelWorldMessage() {
  const confirm = useConfirm();
  const cancel = useResourceAction<WorldMessage, { version: number }>(WORLD_MESSAGES, 'cancel', {
    success: (wm) => `Cancelled "${truncate(wm.message, 60)}".`,
    failure: cancelFailure,
  });

  const askAndCancel = async (wm: WorldMessage) => {
    const ok = await confirm({
      title: `Cancel the scheduled message "${truncate(wm.message, 80)}"?`,
      body: 'Players will never see it. A cancelled message cannot be scheduled again.',
      okText: 'Cancel message',
      cancelText: 'Keep it',
      danger: true,
    });
    if (ok) cancel.mutate({ id: wm.id, body: { version: wm.version } });
  };

  return { askAndCancel, isCancelling: cancel.isPending };
}
