import { useQueries } from '@tanstack/react-query';
import type { ActionLog, Page } from '@phoenix/contract';
import {
  AreaLink,
  PlayerSection,
  QueryTable,
  registerTranslations,
  resourceKeys,
  type SlotProps,
  useApi,
  useTranslation,
} from '@phoenix/shell';
import { ButtonLink, formatDateTime } from '@phoenix/ui';
import { ActionLogTarget } from './ActionLogTarget';

registerTranslations('playerActionLog', {
  en: {
    title: 'What admins did to this player',
    none: 'No admin action on this player yet.',
    when: 'When',
    admin: 'Admin',
    action: 'Action',
    target: 'Record',
    all: 'History: every action-log entry of this player',
    points: 'Points account history',
  },
  ja: {
    title: '管理者がこのプレイヤーに行った操作',
    none: 'このプレイヤーへの管理操作はまだありません。',
    when: '日時',
    admin: '管理者',
    action: '操作',
    target: 'レコード',
    all: '履歴：このプレイヤーの操作ログをすべて表示',
    points: 'ポイントアカウントの履歴',
  },
});

const LAST = 10;

/**
 * The player view's history section (slot 'player'): the action-log entries whose target is the
 * player (bans, restrictions…) or their point account (adjustments, reversals), newest first.
 */
export default function PlayerActionLogSection({ playerId, playerVersion }: SlotProps['player']) {
  const { t } = useTranslation('playerActionLog');
  const api = useApi();
  const targets = [`player:${playerId}`, `pointUser:${playerId}`];
  const answers = useQueries({
    queries: targets.map((target) => ({
      queryKey: [...resourceKeys.all('action-logs'), 'target', target, playerVersion],
      queryFn: () => api.get<Page<ActionLog>>('/action-logs', { target, page: 1, pageSize: LAST, sort: 'createdAt', order: 'desc' }),
    })),
  });
  // The two answers as one: failed if either did, loading until both answered.
  const failed = answers.find((a) => a.error);
  const merged = {
    error: failed?.error ?? null,
    data: answers.every((a) => a.data) ? answers.flatMap((a) => a.data?.items ?? []) : undefined,
    refetch: () => answers.forEach((a) => void a.refetch()),
  };
  return (
    <PlayerSection id="player-history-title" title={t('title')}>
      <QueryTable
        query={merged}
        rows={(items) => items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id).slice(0, LAST)}
        none={t('none')}
        labelledBy="player-history-title"
        labels={[t('when'), t('admin'), t('action'), t('target')]}
        row={(log) => (
          <tr key={log.id}>
            <td>
              <AreaLink area="actionLogs" action="show" record={log.id} fallback={formatDateTime(log.createdAt)}>
                {formatDateTime(log.createdAt)}
              </AreaLink>
            </td>
            <td>{log.adminEmail}</td>
            <td>{log.action}</td>
            <td>
              <ActionLogTarget log={log} />
            </td>
          </tr>
        )}
      />
      <ButtonLink as={AreaLink} $size="sm" area="actionLogs" params={{ target: targets[0] }}>
        {t('all')}
      </ButtonLink>{' '}
      <ButtonLink as={AreaLink} $size="sm" area="actionLogs" params={{ target: targets[1] }}>
        {t('points')}
      </ButtonLink>
    </PlayerSection>
  );
}
