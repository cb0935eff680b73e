import { useQuery } from '@tanstack/react-query';
import { type LedgerEntry, type Page, type PointAccount } from '@phoenix/contract';
import {
  type ApiRequestError,
  AreaLink,
  PlayerSection,
  QueryAnswer,
  QueryTable,
  registerTranslations,
  resourceKeys,
  type SlotProps,
  usePointsApi,
  useTranslation,
} from '@phoenix/shell';
import { AccountAddress, ButtonLink, Facts, formatDateTime, formatNumber } from '@phoenix/ui';

registerTranslations('playerPoints', {
  en: {
    title: 'Points account',
    none: 'No points account yet.',
    balance: 'Balance',
    booster: 'Staking booster',
    wallet: 'Wallet',
    lastEntries: 'Last ledger entries',
    noEntries: 'No ledger entries yet.',
    when: 'When',
    kind: 'Kind',
    amount: 'Amount',
    balanceAfter: 'Balance after',
    reason: 'Reason',
    open: 'Full ledger and adjustments',
  },
  ja: {
    title: 'ポイントアカウント',
    none: 'ポイントアカウントはまだありません。',
    balance: '残高',
    booster: 'ステーキングブースター',
    wallet: 'ウォレット',
    lastEntries: '最近の台帳エントリ',
    noEntries: '台帳エントリはまだありません。',
    when: '日時',
    kind: '種類',
    amount: '数量',
    balanceAfter: '残高（後）',
    reason: '理由',
    open: '台帳の全体と調整',
  },
});

const LAST_ENTRIES = 5;

/**
 * The player's account, or null when there is none: many players never had one, so this asks the list
 * for the exact id (`q=<id>`), which answers an empty page, not a 404 logged on every visit.
 */
async function accountOf(api: ReturnType<typeof usePointsApi>, playerId: number): Promise<PointAccount | null> {
  const found = await api.get<Page<PointAccount>>('/point-accounts', { q: String(playerId), page: 1, pageSize: 1 });
  const first = found.items[0];
  return first && first.id === playerId ? first : null;
}

/** The player view's points section (slot 'player'): from the points API, the account keyed by the player's id. */
export default function PlayerPointsSection({ playerId }: SlotProps['player']) {
  const { t } = useTranslation('playerPoints');
  const { t: tp } = useTranslation('points');
  const api = usePointsApi();
  const account = useQuery<PointAccount | null, ApiRequestError>({
    queryKey: [...resourceKeys.all('users'), 'ofPlayer', playerId],
    queryFn: () => accountOf(api, playerId),
  });
  const ledger = useQuery<Page<LedgerEntry>, ApiRequestError>({
    queryKey: [...resourceKeys.all('users'), 'ledger', playerId, account.data?.version, 1, LAST_ENTRIES],
    queryFn: () => api.get(`/point-accounts/${playerId}/ledger`, { page: 1, pageSize: LAST_ENTRIES }),
    enabled: !!account.data,
  });
  return (
    <PlayerSection id="player-points-title" title={t('title')}>
      {account.data === null ? (
        <p>{t('none')}</p>
      ) : (
        <QueryAnswer query={account}>
          {(user) =>
            user && (
              <>
                <Facts>
                  <dt>{t('balance')}</dt>
                  <dd>{tp('pointAccounts.points', { points: formatNumber(user.balance) })}</dd>
                  <dt>{t('booster')}</dt>
                  <dd>{user.boosterPercent ? `+${user.boosterPercent}%` : '—'}</dd>
                  <dt>{t('wallet')}</dt>
                  <dd>{user.wallet ? <AccountAddress value={user.wallet} /> : '—'}</dd>
                </Facts>
                <QueryTable
                  query={ledger}
                  rows={(page) => page.items}
                  none={t('noEntries')}
                  caption={t('lastEntries')}
                  labels={[t('when'), t('kind'), t('amount'), t('balanceAfter'), t('reason')]}
                  row={(entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.createdAt)}</td>
                      <td>{tp(`pointAccounts.kinds.${entry.kind}`)}</td>
                      <td>{entry.amount > 0 ? `+${formatNumber(entry.amount)}` : formatNumber(entry.amount)}</td>
                      <td>{formatNumber(entry.balanceAfter)}</td>
                      <td>{entry.reason}</td>
                    </tr>
                  )}
                />
                <ButtonLink as={AreaLink} $size="sm" area="pointAccounts" action="show" record={playerId}>
                  {t('open')}
                </ButtonLink>
              </>
            )
          }
        </QueryAnswer>
      )}
    </PlayerSection>
  );
}
