import { Fragment } from 'react';
import { BATTLE_MODES, BATTLE_STATUSES, battlesResource } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import { Badge, Button, formatDateTime } from '@phoenix/ui';
import { BattleDetail } from './BattleDetail';
import { BattleFilters } from './BattleFilters';
import { STATUS_TONE } from './labels';
import { PlayerLink } from './PlayerLink';

/** Battles: filter by status, mode, player and start window; detail and force end at ?id=. */
export default function BattleListPage() {
  const { t } = useTranslation('battle');
  const list = useListController(battlesResource, { pageSize: 50 });
  const detail = useDetailParam();
  const { playerId, from, to } = list.filters;
  return (
    <ResourceListPage
      list={list}
      pageSizeOptions={[20, 50, 100, 200]}
      filters={
        <EnumFilters
          list={list}
          filters={[
            ['status', BATTLE_STATUSES, 'statuses'],
            ['mode', BATTLE_MODES, 'modes'],
          ]}
        />
      }
      // Re-mounted when the URL changes (back/forward, a shared link) so the inputs show the applied filters.
      before={<BattleFilters key={`${playerId}|${from}|${to}`} applied={{ playerId, from, to }} onApply={list.setFilters} />}
      rowActions={(b) => (
        <Button
          size="sm"
          variant={b.status === 'ongoing' ? 'secondary' : 'ghost'}
          onClick={() => detail.open(b.id)}
          aria-label={t(b.status === 'ongoing' ? 'battles.viewOrEndLabel' : 'battles.viewLabel', { id: b.id })}
        >
          {t(b.status === 'ongoing' ? 'battles.viewOrEnd' : 'battles.view')}
        </Button>
      )}
      columns={[
        { key: 'id', sortable: true, render: (b) => `#${b.id}` },
        { key: 'mode', sortable: true, render: (b) => t(`battles.modes.${b.mode}`) },
        {
          key: 'status',
          sortable: true,
          render: (b) => <Badge $tone={STATUS_TONE[b.status]}>{t(`battles.statuses.${b.status}`)}</Badge>,
        },
        {
          key: 'players',
          render: (b) =>
            b.playerIds.map((id, i) => (
              <Fragment key={id}>
                {i > 0 && ' vs '}
                <PlayerLink id={id} />
              </Fragment>
            )),
        },
        { key: 'startedAt', sortable: true, render: (b) => formatDateTime(b.startedAt) },
        { key: 'endedAt', sortable: true, render: (b) => (b.endedAt ? formatDateTime(b.endedAt) : '—') },
        { key: 'winner', render: (b) => (b.winnerPlayerId === null ? '—' : <PlayerLink id={b.winnerPlayerId} />) },
      ]}
    >
      {detail.isOpen && <BattleDetail id={detail.id} onClose={detail.close} />}
    </ResourceListPage>
  );
}
