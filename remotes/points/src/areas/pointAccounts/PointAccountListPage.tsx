import { pointAccountsResource } from '@phoenix/contract';
import { PlayerNameLink, ResourceListPage, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import { AccountAddress, Button, formatDateTime, formatNumber } from '@phoenix/ui';
import { PointAccountDetail } from './PointAccountDetail';

/** Point accounts, searched by player id or wallet (any case); the ledger and adjustments at ?id=. */
export default function PointAccountListPage() {
  const { t } = useTranslation('points');
  const list = useListController(pointAccountsResource);
  const detail = useDetailParam();
  return (
    <ResourceListPage
      list={list}
      searchLabel={t('pointAccounts.search')}
      rowActions={(u) => (
        <Button size="sm" variant="secondary" onClick={() => detail.open(u.id)} aria-label={t('pointAccounts.openLabel', { id: u.id })}>
          {t('pointAccounts.open')}
        </Button>
      )}
      columns={[
        // The point account is the player's: its id opens the player view (user-policy's page).
        {
          key: 'id',
          field: 'playerId',
          sortable: true,
          render: (u) => <PlayerNameLink id={u.id} />,
        },
        // Stored lower-case; shown checksummed (EIP-55) as on the player pages.
        { key: 'wallet', render: (u) => (u.wallet ? <AccountAddress value={u.wallet} /> : '—') },
        { key: 'balance', sortable: true, render: (u) => formatNumber(u.balance) },
        { key: 'boosterPercent', field: 'booster', render: (u) => (u.boosterPercent ? `+${u.boosterPercent}%` : '—') },
        {
          key: 'lastActivityAt',
          field: 'lastActivity',
          sortable: true,
          render: (u) => (u.lastActivityAt ? formatDateTime(u.lastActivityAt) : '—'),
        },
      ]}
    >
      {detail.isOpen && <PointAccountDetail id={detail.id} onClose={detail.close} />}
    </ResourceListPage>
  );
}
