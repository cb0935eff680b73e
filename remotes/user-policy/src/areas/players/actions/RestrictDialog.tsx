import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { GAME_APIS_PATH, type GameApi, type Player, type PlayerRestriction } from '@phoenix/contract';
import {
  type ApiRequestError,
  describeError,
  errorReason,
  errorText,
  resourceKeys,
  useApi,
  useServerPicker,
  useToast,
  useTranslation,
} from '@phoenix/shell';
import { DateTimeField, PickerNotice, Select, TextField } from '@phoenix/ui';
import { playerRestrictionsKey, usePlayerRestrictions } from '../../common/playerRestrictions';
import { ActionDialog } from './ActionDialog';
import './playerActionStrings';

type Errors = Partial<Record<'apiId' | 'endsAt', string>>;

/**
 * Restricts one API for this player until an end (or until lifted): the call of user/restrictApis
 * (`POST /players/:id/restrictions`), so the same checks, the same 409 for an API already restricted
 * and the same action-log row (player.restrictApi).
 */
export function RestrictDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const { t } = useTranslation('playerActions');
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const restrictions = usePlayerRestrictions(player.id);
  const catalogue = useServerPicker<GameApi>(GAME_APIS_PATH, { pageSize: 100 });
  const [apiId, setApiId] = useState('');
  const [chosen, setChosen] = useState<GameApi | null>(null);
  const [endsAt, setEndsAt] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const restricted = new Set((restrictions.data?.direct ?? []).map((r) => r.apiId));

  const send = useMutation<PlayerRestriction, ApiRequestError, { apiId: number; endsAt: string | null }>({
    mutationFn: (body) => api.post(`/players/${player.id}/restrictions`, body),
    onSuccess: (added) => {
      toast.success(t('restrict.done', { api: added.apiName, name: player.name }));
      void queryClient.invalidateQueries({ queryKey: playerRestrictionsKey(player.id) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('action-logs') });
      onClose();
    },
    onError: (error) => {
      const server = (field: string) => {
        const message = error.fieldErrors[field]?.[0];
        return message === undefined ? undefined : errorText(message);
      };
      if (error.isValidation) setErrors({ apiId: server('apiId'), endsAt: server('endsAt') });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {};
    if (!apiId) next.apiId = t('restrict.needApi');
    if (endsAt && Date.parse(endsAt) <= Date.now()) next.endsAt = t('restrict.endInPast');
    setErrors(next);
    if (!next.apiId && !next.endsAt) send.mutate({ apiId: Number(apiId), endsAt });
  };
  const error = send.error;
  // A field's refusal shows on the field; anything else (an API already restricted: 409) above the form.
  const onField = error?.isValidation && (error.fieldErrors.apiId || error.fieldErrors.endsAt);
  const formError = error && !onField ? (error.isConflict ? errorReason(error) : describeError(error)) : null;
  const options = [...(chosen && !catalogue.items.some((a) => a.id === chosen.id) ? [chosen] : []), ...catalogue.items]
    .filter((a) => !restricted.has(a.id))
    .map((a) => ({ value: String(a.id), label: `${a.name} (${a.code})` }));

  return (
    <ActionDialog
      formId="player-restrict-form"
      title={t('restrict.title', { name: player.name, id: player.id })}
      submitText={t('restrict.submit')}
      tone="danger"
      pending={send.isPending}
      failure={{ text: formError }}
      onClose={onClose}
      onSubmit={submit}
    >
      <p>{t('restrict.explains')}</p>
      <TextField label={t('restrict.findApi')} type="search" value={catalogue.q} onChange={(e) => catalogue.setQ(e.target.value)} />
      <Select
        label={t('restrict.api')}
        required
        placeholder={t('restrict.pickApi')}
        options={options}
        value={apiId}
        onChange={(e) => {
          setApiId(e.target.value);
          setChosen(catalogue.items.find((a) => String(a.id) === e.target.value) ?? chosen);
        }}
        error={errors.apiId}
      />
      <PickerNotice shown={catalogue.items.length} total={catalogue.total} />
      <DateTimeField
        label={t('restrict.endsAt')}
        hint={t('restrict.endsAtHint')}
        value={endsAt}
        onChange={setEndsAt}
        error={errors.endsAt}
      />
    </ActionDialog>
  );
}
