import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { PLAYER_SEARCH_KINDS, PLAYER_STATUSES, playersResource, type Player } from '@phoenix/contract';
import { EnumFilters, ResourceListPage, sentence, useDetailParam, useListController, useTranslation } from '@phoenix/shell';
import { AccountAddress, Button, TextField, formatDateTime } from '@phoenix/ui';
import { BanDialog, type BanTarget } from './BanDialog';
import { PlayerPage } from './PlayerDetail';
import { PlayerStatusBadge } from './PlayerStatusBadge';

/**
 * user: players. Search by id, name prefix or wallet; ban / unban with a reason; ban several at
 * once. `user?id=` is the player view (a page of its own, PlayerDetail.tsx).
 */
export default function PlayerRoute() {
  const detail = useDetailParam();
  return detail.isOpen ? <PlayerPage id={detail.id} /> : <PlayerListPage />;
}

function PlayerListPage() {
  const { t } = useTranslation('userPolicy');
  const list = useListController(playersResource);
  const detail = useDetailParam();
  const [target, setTarget] = useState<BanTarget | null>(null);
  const banOrUnban = (player: Player) => setTarget({ kind: player.status === 'banned' ? 'unban' : 'ban', player });
  // Asked once per table, not once per row (see `sentence`).
  const texts = useMemo(
    () => ({
      ban: t('players.ban'),
      banLabel: sentence(t, 'players.banLabel', 'name', 'id'),
      unban: t('players.unban'),
      unbanLabel: sentence(t, 'players.unbanLabel', 'name', 'id'),
      never: t('players.never'),
    }),
    [t],
  );

  return (
    <ResourceListPage
      list={list}
      searchLabel={t(`players.searchBy.${list.filters.by || 'name'}`)}
      editable={false}
      filters={
        <>
          <EnumFilters
            list={list}
            filters={[
              // No choice = by name (the default), so the choices are the other two.
              ['by', PLAYER_SEARCH_KINDS.filter((kind) => kind !== 'name'), 'kinds'],
              ['status', PLAYER_STATUSES, 'statuses'],
            ]}
          />
          <TextField
            label={t('players.levelMin')}
            type="number"
            min={0}
            value={list.filters.levelMin}
            onChange={(e) => list.setFilter('levelMin', e.target.value)}
          />
          <TextField
            label={t('players.levelMax')}
            type="number"
            min={0}
            value={list.filters.levelMax}
            onChange={(e) => list.setFilter('levelMax', e.target.value)}
          />
        </>
      }
      bulkActions={(ids) => (
        <Button variant="danger" size="sm" onClick={() => setTarget({ kind: 'bulk', ids: ids.map(Number) })}>
          {t('players.banSelected', { count: ids.length })}
        </Button>
      )}
      rowChanges={(p) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => banOrUnban(p)}
          aria-label={(p.status === 'banned' ? texts.unbanLabel : texts.banLabel)(p.name, p.id)}
        >
          {p.status === 'banned' ? texts.unban : texts.ban}
        </Button>
      )}
      columns={[
        { key: 'id', sortable: true, render: (p) => p.id },
        {
          key: 'name',
          sortable: true,
          render: (p) => <Link to={detail.linkTo(p.id)}>{p.name}</Link>,
        },
        {
          key: 'walletAddress',
          field: 'wallet',
          render: (p) => (p.walletAddress ? <AccountAddress value={p.walletAddress} /> : '—'),
        },
        { key: 'level', sortable: true, render: (p) => p.level },
        { key: 'status', render: (p) => <PlayerStatusBadge player={p} /> },
        { key: 'createdAt', field: 'created', sortable: true, render: (p) => formatDateTime(p.createdAt) },
        {
          key: 'lastSeenAt',
          field: 'lastSeen',
          sortable: true,
          render: (p) => (p.lastSeenAt ? formatDateTime(p.lastSeenAt) : texts.never),
        },
      ]}
    >
      <BanDialog
        target={target}
        onClose={() => {
          setTarget(null);
          list.selection.clear();
        }}
      />
    </ResourceListPage>
  );
}
