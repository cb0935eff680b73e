import { Fragment } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Battle, Page } from '@phoenix/contract';
import {
  type ApiRequestError,
  AreaLink,
  PlayerSection,
  QueryTable,
  registerTranslations,
  resourceKeys,
  type SlotProps,
  useApi,
  useTranslation,
} from '@phoenix/shell';
import { Badge, ButtonLink, formatDateTime } from '@phoenix/ui';
import { STATUS_TONE } from './labels';
import { PlayerLink } from './PlayerLink';

registerTranslations('playerBattles', {
  en: {
    title: 'Last battles',
    none: 'This player has fought no battle.',
    result: 'Result',
    won: 'Won',
    lost: 'Lost',
    all: 'All battles of this player',
  },
  ja: {
    title: '最近のバトル',
    none: 'このプレイヤーのバトルはありません。',
    result: '結果',
    won: '勝利',
    lost: '敗北',
    all: 'このプレイヤーの全バトル',
  },
});

const LAST_BATTLES = 5;

/** The player view's battles section (slot 'player'): the last battles, and the battle list filtered to the player. */
export default function PlayerBattlesSection({ playerId }: SlotProps['player']) {
  const { t } = useTranslation('playerBattles');
  const { t: tb } = useTranslation('battle');
  const api = useApi();
  const query = { playerId, page: 1, pageSize: LAST_BATTLES, sort: 'startedAt', order: 'desc' } as const;
  const battles = useQuery<Page<Battle>, ApiRequestError>({
    queryKey: [...resourceKeys.all('battles'), 'player', playerId],
    queryFn: () => api.get('/battles', query),
  });
  return (
    <PlayerSection id="player-battles-title" title={t('title')}>
      <QueryTable
        query={battles}
        rows={(page) => page.items}
        none={t('none')}
        labelledBy="player-battles-title"
        labels={[
          tb('battles.fields.id'),
          tb('battles.fields.mode'),
          tb('battles.fields.status'),
          tb('battles.fields.players'),
          tb('battles.fields.startedAt'),
          t('result'),
        ]}
        row={(b) => (
          <tr key={b.id}>
            <td>
              <AreaLink area="battles" action="show" record={b.id} fallback={`#${b.id}`}>
                #{b.id}
              </AreaLink>
            </td>
            <td>{tb(`battles.modes.${b.mode}`)}</td>
            <td>
              <Badge $tone={STATUS_TONE[b.status]}>{tb(`battles.statuses.${b.status}`)}</Badge>
            </td>
            <td>
              {b.playerIds.map((id, i) => (
                <Fragment key={id}>
                  {i > 0 && ' vs '}
                  <PlayerLink id={id} />
                </Fragment>
              ))}
            </td>
            <td>{formatDateTime(b.startedAt)}</td>
            <td>{b.winnerPlayerId === null ? '—' : b.winnerPlayerId === playerId ? t('won') : t('lost')}</td>
          </tr>
        )}
      />
      <ButtonLink as={AreaLink} $size="sm" area="battles" params={{ playerId }}>
        {t('all')}
      </ButtonLink>
    </PlayerSection>
  );
}
