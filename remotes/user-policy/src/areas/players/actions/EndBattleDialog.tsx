import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { battleForceEndSchema, FORCE_END_REASON_MAX, type Battle } from '@phoenix/contract';
import {
  type ApiRequestError,
  describeError,
  errorReason,
  errorText,
  resourceKeys,
  useApi,
  useConfirm,
  useToast,
  useTranslation,
} from '@phoenix/shell';
import { TextArea } from '@phoenix/ui';
import { ActionDialog } from './ActionDialog';
import './playerActionStrings';

/**
 * Ends the player's live battle: the battle page's force end (`POST /battles/:id/force-end` with a
 * reason and the version seen), so the same schema, the same confirm, the same 409 when it ended
 * meanwhile, and the same action-log row (battle.forceEnd), which lists its players.
 */
export function EndBattleDialog({ battle, onClose }: { battle: Battle; onClose: () => void }) {
  const { t } = useTranslation('playerActions');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const players = battle.playerIds.map((id) => `#${id}`).join(', ');

  const end = useMutation<Battle, ApiRequestError, { reason: string; version: number }>({
    mutationFn: (body) => api.post(`/battles/${battle.id}/force-end`, body),
    onSuccess: (ended) => {
      toast.success(t('endBattle.done', { id: ended.id }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('battles') });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('action-logs') });
      onClose();
    },
    // It ended meanwhile (409): the summary refreshes and shows no live battle; the dialog says why nothing changed.
    onError: (failure) => {
      if (failure.isConflict) void queryClient.invalidateQueries({ queryKey: resourceKeys.all('battles') });
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = battleForceEndSchema.safeParse({ reason, version: battle.version });
    if (!parsed.success) return setError(errorText(parsed.error.issues[0]?.message ?? ''));
    setError(undefined);
    const ok = await confirm({
      title: t('endBattle.confirmTitle', { id: battle.id }),
      body: t('endBattle.explains', { players }),
      okText: t('endBattle.submit'),
      danger: true,
    });
    if (ok) end.mutate(parsed.data);
  };

  const failure = end.error;
  const serverReason = failure?.fieldErrors.reason?.[0];
  const formError = !failure || serverReason ? null : failure.isConflict && failure.message ? errorReason(failure) : describeError(failure);

  return (
    <ActionDialog
      formId="player-end-battle-form"
      alert
      title={t('endBattle.title', { id: battle.id })}
      submitText={t('endBattle.submit')}
      tone="danger"
      pending={end.isPending}
      failure={{ title: t('endBattle.failed'), text: formError }}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <p>{t('endBattle.explains', { players })}</p>
      <TextArea
        label={t('reason')}
        required
        rows={2}
        maxLength={FORCE_END_REASON_MAX}
        hint={t('endBattle.reasonHint')}
        value={reason}
        error={error ?? (serverReason ? errorText(serverReason) : undefined)}
        onChange={(e) => setReason(e.target.value)}
      />
    </ActionDialog>
  );
}
