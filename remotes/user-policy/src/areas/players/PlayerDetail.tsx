import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { checksumAddress, playerResource, type Player, type PlayerBanRecord } from '@phoenix/contract';
import { RecordDetailModal, describeError, resourceKeys, useApi, useTranslation } from '@phoenix/shell';
import { Badge, Button, ButtonLink, ErrorState, Facts, LoadingBlock, Mono, PlainTable, TableHead, formatDateTime } from '@phoenix/ui';
import { EffectiveRestrictionsTable, PlayerPolicyList } from '../common/EffectiveRestrictions';
import { usePlayerRestrictions } from '../common/playerRestrictions';
import { PlayerStatusBadge } from './PlayerStatusBadge';

/** `user?id=…`: one player's profile, ban history, effective restrictions and policies, with ban / unban. */
export function PlayerDetail({ id, onClose, onBan }: { id: number | null; onClose: () => void; onBan: (player: Player) => void }) {
  const { t } = useTranslation('userPolicy');
  return (
    <RecordDetailModal resource={playerResource} id={id} title={t('players.detailTitle', { id: id ?? '' })} onClose={onClose}>
      {(player) => (
        <>
          <Facts>
            <dt>{t('players.fields.id')}</dt>
            <dd>{player.id}</dd>
            <dt>{t('players.fields.name')}</dt>
            <dd>{player.name}</dd>
            <dt>{t('players.fields.wallet')}</dt>
            <dd>{player.walletAddress ? <Mono>{checksumAddress(player.walletAddress)}</Mono> : '—'}</dd>
            <dt>{t('players.fields.level')}</dt>
            <dd>{player.level}</dd>
            <dt>{t('players.fields.status')}</dt>
            <dd>
              <PlayerStatusBadge player={player} />
            </dd>
            <dt>{t('players.fields.created')}</dt>
            <dd>{formatDateTime(player.createdAt)}</dd>
            <dt>{t('players.fields.lastSeen')}</dt>
            <dd>{player.lastSeenAt ? formatDateTime(player.lastSeenAt) : t('players.never')}</dd>
          </Facts>
          <Button variant={player.status === 'banned' ? 'primary' : 'danger'} onClick={() => onBan(player)}>
            {t(player.status === 'banned' ? 'players.unban' : 'players.ban')}
          </Button>
          <ButtonLink as={Link} $size="sm" to={`/admin/user/restrictApis?id=${player.id}`}>
            {t('players.restrictions')}
          </ButtonLink>
          <BanHistory playerId={player.id} version={player.version} />
          <RestrictionsAndPolicies playerId={player.id} />
        </>
      )}
    </RecordDetailModal>
  );
}

function BanHistory({ playerId, version }: { playerId: number; version: number }) {
  const { t } = useTranslation('userPolicy');
  const api = useApi();
  // Keyed by the player's version: a ban or unban refetches it.
  const history = useQuery({
    queryKey: [...resourceKeys.detail('players', playerId), 'bans', version],
    queryFn: () => api.get<{ items: PlayerBanRecord[] }>(`/players/${playerId}/bans`),
  });
  return (
    <section aria-labelledby="ban-history-title">
      <h3 id="ban-history-title">{t('players.banHistory')}</h3>
      {history.error ? (
        <ErrorState message={describeError(history.error)} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <LoadingBlock />
      ) : history.data.items.length === 0 ? (
        <p>{t('players.noBans')}</p>
      ) : (
        <PlainTable>
          <TableHead labels={[t('players.bannedAt'), t('players.reason'), t('players.banEnd'), t('players.lifted')]} />
          <tbody>
            {history.data.items.map((ban) => (
              <tr key={ban.id}>
                <td>
                  {formatDateTime(ban.bannedAt)} · {ban.bannedBy} {ban.inForce && <Badge $tone="danger">{t('players.inForce')}</Badge>}
                </td>
                <td>{ban.reason}</td>
                <td>{ban.endsAt ? formatDateTime(ban.endsAt) : t('players.untilLifted')}</td>
                <td>{ban.liftedAt ? `${formatDateTime(ban.liftedAt)} · ${ban.liftedBy ?? ''}: ${ban.liftReason ?? ''}` : '—'}</td>
              </tr>
            ))}
          </tbody>
        </PlainTable>
      )}
    </section>
  );
}

/** What the player cannot do today and why: the same effective list as user/restrictApis, and the policies. */
function RestrictionsAndPolicies({ playerId }: { playerId: number }) {
  const { t } = useTranslation('userPolicy');
  const restrictions = usePlayerRestrictions(playerId);
  return (
    <>
      <section aria-labelledby="player-restrictions-title">
        <h3 id="player-restrictions-title">{t('players.restrictionsTitle')}</h3>
        {restrictions.error ? (
          <ErrorState message={describeError(restrictions.error)} onRetry={() => void restrictions.refetch()} />
        ) : !restrictions.data ? (
          <LoadingBlock />
        ) : (
          <EffectiveRestrictionsTable effective={restrictions.data.effective} />
        )}
      </section>
      {restrictions.data && (
        <section aria-labelledby="player-policies-title">
          <h3 id="player-policies-title">{t('players.policiesTitle')}</h3>
          <PlayerPolicyList policies={restrictions.data.policies} />
        </section>
      )}
    </>
  );
}
