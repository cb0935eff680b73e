import { pointAccountResource } from '@phoenix/contract';
import { ResourceListPage, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import { Button, formatDateTime, formatNumber, Mono } from '@phoenix/ui';
import { PointAccountDetail } from './PointAccountDetail';

/** Point accounts, searched by player id or wallet; the ledger and adjustments at ?id=. */
export default function PointAccountListPage() {
  const { t } = useTranslation('points');
  const list = useListController(pointAccountResource);
  const detail = useDetailParam();
  return (
    <ResourceListPage
      list={list}
      title={t('users.title')}
      description={t('users.description')}
      searchLabel={t('users.search')}
      labelOf={(u) => t('users.label', { id: u.id })}
      rowActions={(u) => (
        <Button size="sm" variant="secondary" onClick={() => detail.open(u.id)} aria-label={t('users.openLabel', { id: u.id })}>
          {t('users.open')}
        </Button>
      )}
      columns={[
        { key: 'id', sortable: true, header: t('users.playerId'), render: (u) => <Mono>{u.id}</Mono> },
        { key: 'wallet', header: t('users.wallet'), render: (u) => (u.wallet ? <Mono>{u.wallet}</Mono> : '—') },
        { key: 'balance', sortable: true, header: t('users.balance'), render: (u) => formatNumber(u.balance) },
        { key: 'boosterPercent', header: t('users.booster'), render: (u) => (u.boosterPercent ? `+${u.boosterPercent}%` : '—') },
        {
          key: 'lastActivityAt',
          sortable: true,
          header: t('users.lastActivity'),
          render: (u) => (u.lastActivityAt ? formatDateTime(u.lastActivityAt) : '—'),
        },
      ]}
    >
      {detail.isOpen && <PointAccountDetail id={detail.id} onClose={detail.close} />}
    </ResourceListPage>
  );
}
