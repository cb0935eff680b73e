import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { DistributionRecipient, PlayerPresentDelivery } from '@phoenix/contract';
import {
  PlayerSection,
  QueryTable,
  describeError,
  registerTranslations,
  resourceKeys,
  useApi,
  useTranslation,
  type ApiRequestError,
  type SlotProps,
} from '@phoenix/shell';
import { Button, TextField, formatDateTime } from '@phoenix/ui';

registerTranslations('playerPresents', {
  en: {
    title: 'Presents delivered',
    none: 'No present has been delivered to this player.',
    present: 'Present',
    distribution: 'Distribution',
    deliveredAt: 'Delivered',
    claimedAt: 'Claimed',
    notClaimed: 'Not yet',
    checkTitle: 'Was this player included?',
    distributionId: 'Distribution id',
    check: 'Check',
    answers: {
      delivered: 'Yes: {{present}} (distribution #{{id}}) was delivered on {{at}}.',
      pending: 'Yes: distribution #{{id}} ({{present}}, {{status}}) has not reached this player yet and will.',
      notListed: 'No: distribution #{{id}} ({{present}}) lists other players.',
      notDelivered: 'No: distribution #{{id}} ({{present}}, {{status}}) ended without delivering to this player.',
    },
  },
  ja: {
    title: '受け取ったプレゼント',
    none: 'このプレイヤーに配布されたプレゼントはありません。',
    present: 'プレゼント',
    distribution: '配布',
    deliveredAt: '配布日時',
    claimedAt: '受け取り',
    notClaimed: '未受け取り',
    checkTitle: 'このプレイヤーは対象でしたか？',
    distributionId: '配布ID',
    check: '確認',
    answers: {
      delivered: 'はい：{{present}}（配布 #{{id}}）は {{at}} に配布されました。',
      pending: 'はい：配布 #{{id}}（{{present}}、{{status}}）はまだこのプレイヤーに届いていませんが、届く予定です。',
      notListed: 'いいえ：配布 #{{id}}（{{present}}）は別のプレイヤーが対象です。',
      notDelivered: 'いいえ：配布 #{{id}}（{{present}}、{{status}}）はこのプレイヤーに配布されずに終了しました。',
    },
  },
});

/** The player view's presents section (slot 'player'): what was delivered, and "was this player included?". */
export default function PlayerPresentsSection({ playerId }: SlotProps['player']) {
  const { t } = useTranslation('playerPresents');
  const api = useApi();
  const deliveries = useQuery<{ items: PlayerPresentDelivery[] }, ApiRequestError>({
    queryKey: [...resourceKeys.all('present-distributions'), 'player', playerId],
    queryFn: () => api.get(`/players/${playerId}/presents`),
  });
  return (
    <PlayerSection id="player-presents-title" title={t('title')}>
      <QueryTable
        query={deliveries}
        rows={(answer) => answer.items}
        none={t('none')}
        labelledBy="player-presents-title"
        labels={[t('present'), t('distribution'), t('deliveredAt'), t('claimedAt')]}
        row={(d) => (
          <tr key={d.distributionId}>
            <td>{d.presentName}</td>
            <td>#{d.distributionId}</td>
            <td>{formatDateTime(d.deliveredAt)}</td>
            <td>{d.claimedAt ? formatDateTime(d.claimedAt) : t('notClaimed')}</td>
          </tr>
        )}
      />
      <IncludedCheck playerId={playerId} />
    </PlayerSection>
  );
}

function IncludedCheck({ playerId }: { playerId: number }) {
  const { t } = useTranslation('playerPresents');
  const { t: tp } = useTranslation('present');
  const api = useApi();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<number | null>(null);
  const answer = useQuery<DistributionRecipient, ApiRequestError>({
    queryKey: [...resourceKeys.all('present-distributions'), 'recipient', asked, playerId],
    queryFn: () => api.get(`/present-distributions/${asked}/recipients/${playerId}`),
    enabled: asked !== null,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const id = Number(typed);
    setAsked(Number.isInteger(id) && id > 0 ? id : null);
  };
  const a = answer.data;
  return (
    <form onSubmit={submit} aria-labelledby="player-included-title">
      <h3 id="player-included-title">{t('checkTitle')}</h3>
      <TextField label={t('distributionId')} type="number" min={1} value={typed} onChange={(e) => setTyped(e.target.value)} />
      <Button type="submit">{t('check')}</Button>
      <div role="status">
        {asked !== null && answer.error && describeError(answer.error)}
        {asked !== null &&
          a &&
          t(`answers.${a.answer}`, {
            id: a.distributionId,
            present: a.presentName,
            status: tp(`presentDistributions.statuses.${a.status}`, { defaultValue: a.status }),
            at: a.deliveredAt ? formatDateTime(a.deliveredAt) : '',
          })}
      </div>
    </form>
  );
}
