import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { battleForceEndSchema, battlesResource, FORCE_END_REASON_MAX, type Battle, type BattleParticipant } from '@phoenix/contract';
import {
  describeError,
  errorReason,
  RecordDetailModal,
  resourceKeys,
  useApi,
  useConfirm,
  useToast,
  useTranslation,
  type ApiRequestError,
} from '@phoenix/shell';
import {
  Alert,
  Badge,
  Button,
  ErrorState,
  Facts,
  FormActions,
  formatDateTime,
  LoadingBlock,
  PlainTable,
  TableHead,
  TextArea,
} from '@phoenix/ui';
import { playersOf, STATUS_TONE } from './labels';
import { PlayerLink } from './PlayerLink';

/** `battle?id=…`: the battle, its participants, who force-ended it and why, or the force end itself. */
export function BattleDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('battle');
  return (
    <RecordDetailModal
      resource={battlesResource}
      id={id}
      title={id === null ? t('battles.detail') : t('battles.label', { id })}
      onClose={onClose}
    >
      {(battle) => (
        <>
          <Facts>
            <dt>{t('battles.fields.status')}</dt>
            <dd>
              <Badge $tone={STATUS_TONE[battle.status]}>{t(`battles.statuses.${battle.status}`)}</Badge>
            </dd>
            <dt>{t('battles.fields.mode')}</dt>
            <dd>{t(`battles.modes.${battle.mode}`)}</dd>
            <dt>{t('battles.fields.startedAt')}</dt>
            <dd>{formatDateTime(battle.startedAt)}</dd>
            <dt>{t('battles.fields.endedAt')}</dt>
            <dd>{battle.endedAt ? formatDateTime(battle.endedAt) : '—'}</dd>
            <dt>{t('battles.result')}</dt>
            <dd>
              <Result battle={battle} />
            </dd>
            {battle.status === 'force_ended' && (
              <>
                <dt>{t('battles.forceEndedBy')}</dt>
                <dd>{battle.forceEndedBy ?? '—'}</dd>
                <dt>{t('battles.forceEndReason')}</dt>
                <dd>{battle.forceEndReason}</dd>
              </>
            )}
          </Facts>
          <Participants battle={battle} />
          {battle.status === 'ongoing' && <ForceEndOne battle={battle} />}
        </>
      )}
    </RecordDetailModal>
  );
}

function Result({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battle');
  if (battle.status === 'ongoing') return t('battles.inProgress');
  if (battle.status === 'force_ended') return t('battles.noResult');
  return battle.winnerPlayerId === null ? t('battles.draw') : t('battles.wonBy', { player: battle.winnerPlayerId });
}

function Participants({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battle');
  const api = useApi();
  // Under the battles' key prefix: a force end refreshes it with the battle.
  const participants = useQuery<{ items: BattleParticipant[] }, ApiRequestError>({
    queryKey: [...resourceKeys.all('battles'), 'participants', battle.id, battle.version],
    queryFn: () => api.get(`/battles/${battle.id}/participants`),
  });
  if (participants.error) return <ErrorState message={describeError(participants.error)} onRetry={() => void participants.refetch()} />;
  if (!participants.data) return <LoadingBlock label={t('battles.loadingParticipants')} />;
  return (
    <PlainTable>
      <caption>{t('battles.participants')}</caption>
      <TableHead labels={[t('battles.player'), t('battles.team'), t('battles.score'), t('battles.result')]} />
      <tbody>
        {participants.data.items.map((p) => (
          <tr key={p.playerId}>
            <td>
              <PlayerLink id={p.playerId} />
            </td>
            <td>{p.team}</td>
            <td>{p.score}</td>
            <td>{p.result ? t(`battles.results.${p.result}`) : '—'}</td>
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}

/** Ends this one battle: a reason is required, a confirm names the battle, the server re-checks it is still ongoing. */
function ForceEndOne({ battle }: { battle: Battle }) {
  const { t } = useTranslation('battle');
  const api = useApi();
  const confirm = useConfirm();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const forceEnd = useMutation<Battle, ApiRequestError, { reason: string; version: number }>({
    mutationFn: (body) => api.post(`/battles/${battle.id}/force-end`, body),
    onSuccess: (ended) => {
      toast.success(t('battles.ended', { id: ended.id }));
      return queryClient.invalidateQueries({ queryKey: resourceKeys.all('battles') });
    },
    // A 409 (it ended meanwhile) refreshes the detail, which then shows how it ended; the toast says why nothing changed.
    onError: (error) => {
      toast.error(error.isConflict && error.message ? errorReason(error) : error);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all('battles') });
    },
  });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = battleForceEndSchema.safeParse({ reason, version: battle.version });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const ok = await confirm({
      title: t('battles.forceEndTitle', { id: battle.id }),
      body: t('battles.forceEndBody', { players: playersOf(battle) }),
      okText: t('battles.forceEnd'),
      danger: true,
    });
    if (ok) forceEnd.mutate(parsed.data);
  };
  return (
    <form noValidate onSubmit={submit} aria-label={t('battles.forceEndSection')}>
      <h3>{t('battles.forceEndSection')}</h3>
      {forceEnd.error && <Alert title={t('battles.forceEndFailed')}>{describeError(forceEnd.error)}</Alert>}
      <TextArea
        label={t('battles.reason')}
        required
        rows={2}
        maxLength={FORCE_END_REASON_MAX}
        hint={t('battles.reasonHint')}
        value={reason}
        error={error}
        onChange={(e) => setReason(e.target.value)}
      />
      <FormActions>
        <Button type="submit" variant="danger" loading={forceEnd.isPending}>
          {t('battles.forceEnd')}
        </Button>
      </FormActions>
    </form>
  );
}
