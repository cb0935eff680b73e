import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type Player, type PlayerBanRecord } from '@phoenix/contract';
import {
  AreaLink,
  describeError,
  PlayerSection,
  QueryAnswer,
  QueryTable,
  resourceKeys,
  SectionSlot,
  useApi,
  useResource,
  useTranslation,
} from '@phoenix/shell';
import {
  AccountAddress,
  Badge,
  Button,
  ButtonLink,
  EmptyState,
  ErrorState,
  Facts,
  LoadingBlock,
  PageHeader,
  formatDateTime,
} from '@phoenix/ui';
import { EffectiveRestrictionsTable, PlayerPolicyList } from '../common/EffectiveRestrictions';
import { usePlayerRestrictions } from '../common/playerRestrictions';
import { PlayerSummary } from './actions/PlayerSummary';
import { BanDialog, type BanTarget } from './BanDialog';
import { PlayerStatusBadge } from './PlayerStatusBadge';
import './playerViewStrings';

/**
 * `user?id=…`: the player view, a page. A summary with the actions first (actions/PlayerSummary.tsx), then this remote's parts (profile, status and bans,
 * effective restrictions and policies), then the sections other remotes register for the
 * 'player' slot (points account, battles, presents, action log), each loaded on its own.
 */
export function PlayerPage({ id }: { id: number | null }) {
  const { t } = useTranslation('playerView');
  const player = useResource<Player>('players', id);
  const [target, setTarget] = useState<BanTarget | null>(null);
  const back = (
    <ButtonLink as={AreaLink} $size="sm" area="players">
      {t('back')}
    </ButtonLink>
  );
  if (id === null || player.isNotFound)
    return (
      <EmptyState title={t('notFound', { id: id ?? '' })} action={back}>
        {id === null ? t('invalidId') : null}
      </EmptyState>
    );
  if (player.error) return <ErrorState title={t('loadFailed')} message={describeError(player.error)} onRetry={player.refetch} />;
  if (!player.data) return <LoadingBlock />;
  const p = player.data;
  return (
    <>
      <PageHeader title={t('title', { name: p.name, id: p.id })} description={t('description')} actions={back} />
      <PlayerSummary player={p} />
      <Profile player={p} onBan={() => setTarget({ kind: p.status === 'banned' ? 'unban' : 'ban', player: p })} />
      <BanHistory playerId={p.id} version={p.version} />
      <RestrictionsAndPolicies playerId={p.id} />
      <SectionSlot slot="player" props={{ playerId: p.id, playerVersion: p.version }} />
      <BanDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}

function Profile({ player, onBan }: { player: Player; onBan: () => void }) {
  const { t } = useTranslation('userPolicy');
  const { t: tv } = useTranslation('playerView');
  return (
    <PlayerSection id="player-profile-title" title={tv('profile')}>
      <Facts>
        <dt>{t('players.fields.id')}</dt>
        <dd>{player.id}</dd>
        <dt>{t('players.fields.name')}</dt>
        <dd>{player.name}</dd>
        <dt>{t('players.fields.wallet')}</dt>
        <dd>{player.walletAddress ? <AccountAddress value={player.walletAddress} /> : '—'}</dd>
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
      <Button variant={player.status === 'banned' ? 'primary' : 'danger'} onClick={onBan}>
        {t(player.status === 'banned' ? 'players.unban' : 'players.ban')}
      </Button>{' '}
      <ButtonLink as={AreaLink} $size="sm" area="restrictions" action="show" record={player.id}>
        {t('players.restrictions')}
      </ButtonLink>
    </PlayerSection>
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
    <PlayerSection id="ban-history-title" title={t('players.banHistory')}>
      <QueryTable
        query={history}
        rows={(answer) => answer.items}
        none={t('players.noBans')}
        labels={[t('players.bannedAt'), t('players.reason'), t('players.banEnd'), t('players.lifted')]}
        row={(ban) => (
          <tr key={ban.id}>
            <td>
              {formatDateTime(ban.bannedAt)} · {ban.bannedBy} {ban.inForce && <Badge $tone="danger">{t('players.inForce')}</Badge>}
            </td>
            <td>{ban.reason}</td>
            <td>{ban.endsAt ? formatDateTime(ban.endsAt) : t('players.untilLifted')}</td>
            <td>{ban.liftedAt ? `${formatDateTime(ban.liftedAt)} · ${ban.liftedBy ?? ''}: ${ban.liftReason ?? ''}` : '—'}</td>
          </tr>
        )}
      />
    </PlayerSection>
  );
}

/** What the player cannot do today and why: the same effective list as user/restrictApis, and the policies. */
function RestrictionsAndPolicies({ playerId }: { playerId: number }) {
  const { t } = useTranslation('userPolicy');
  const restrictions = usePlayerRestrictions(playerId);
  return (
    <>
      <PlayerSection id="player-restrictions-title" title={t('players.restrictionsTitle')}>
        <QueryAnswer query={restrictions}>{(answer) => <EffectiveRestrictionsTable effective={answer.effective} />}</QueryAnswer>
      </PlayerSection>
      {restrictions.data && (
        <PlayerSection id="player-policies-title" title={t('players.policiesTitle')}>
          <PlayerPolicyList policies={restrictions.data.policies} />
        </PlayerSection>
      )}
    </>
  );
}
