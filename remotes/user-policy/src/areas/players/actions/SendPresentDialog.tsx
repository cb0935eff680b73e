import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  presentDistributionsResource,
  presentsResource,
  type Distribution,
  type DistributionCreate,
  type Player,
  type Present,
} from '@phoenix/contract';
import {
  type ApiRequestError,
  describeError,
  errorReason,
  errorText,
  resourceKeys,
  useApi,
  useConfirm,
  useServerPicker,
  useToast,
  useTranslation,
} from '@phoenix/shell';
import { PickerNotice, Select, TextField } from '@phoenix/ui';
import { ActionDialog } from './ActionDialog';
import './playerActionStrings';

/**
 * Sends a present to this one player, now: a present distribution to a list of one id
 * (`POST /present-distributions`, the call of Present 配布), confirmed for one recipient, so the same
 * checks (the present's period, an active player), the same change control (the admin's daily id
 * budget: the 428 the shell's client answers) and the same action-log row, which lists the player.
 */
export function SendPresentDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const { t } = useTranslation('playerActions');
  const api = useApi();
  const toast = useToast();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const presents = useServerPicker<Present>(presentsResource.path, { query: { sort: 'startsAt', order: 'desc' } });
  const [presentId, setPresentId] = useState('');
  const [chosen, setChosen] = useState<Present | null>(null);
  const [needPresent, setNeedPresent] = useState(false);
  const listed = presents.items.filter((p) => p.status !== 'ended');
  const pickable = chosen && !listed.some((p) => p.id === chosen.id) ? [chosen, ...listed] : listed;

  const send = useMutation<Distribution, ApiRequestError, DistributionCreate>({
    mutationFn: (body) => api.post(presentDistributionsResource.path, body),
    onSuccess: (sent) => {
      toast.success(t('present.done', { present: sent.presentName, name: player.name }));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(presentDistributionsResource.path.slice(1)) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('action-logs') });
      onClose();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const present = pickable.find((p) => String(p.id) === presentId);
    setNeedPresent(!present);
    if (!present || send.isPending) return;
    const ok = await confirm({
      title: t('present.confirmTitle', { present: present.name, name: player.name }),
      body: t('present.confirmBody', { id: player.id }),
      okText: t('present.submit'),
      danger: true,
    });
    if (ok)
      send.mutate({
        presentId: present.id,
        target: 'list',
        playerIds: [player.id],
        segmentId: null,
        scheduledAt: null,
        confirmedRecipients: 1,
      });
  };

  const error = send.error;
  const presentError = error?.fieldErrors.presentId?.[0];
  // The other refusals (no active player would receive it, a grown count, a budget) say why above the form.
  const otherField = error?.fieldErrors.playerIds?.[0] ?? error?.fieldErrors.target?.[0];
  const formError =
    !error || presentError ? null : otherField ? errorText(otherField) : error.isConflict ? errorReason(error) : describeError(error);

  return (
    <ActionDialog
      formId="player-present-form"
      title={t('present.title', { name: player.name, id: player.id })}
      submitText={t('present.submit')}
      pending={send.isPending}
      failure={{ title: t('present.failed'), text: formError }}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
    >
      <p>{t('present.explains')}</p>
      <TextField label={t('present.findPresent')} type="search" value={presents.q} onChange={(e) => presents.setQ(e.target.value)} />
      <Select
        label={t('present.present')}
        required
        placeholder={t('present.pickPresent')}
        options={pickable.map((p) => ({ value: String(p.id), label: p.name }))}
        value={presentId}
        onChange={(e) => {
          setPresentId(e.target.value);
          setChosen(pickable.find((p) => String(p.id) === e.target.value) ?? chosen);
        }}
        error={needPresent ? t('present.needPresent') : presentError ? errorText(presentError) : undefined}
      />
      <PickerNotice shown={presents.items.length} total={presents.total} />
    </ActionDialog>
  );
}
