import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import type { Battle, Page, Player, PointAccount } from '@phoenix/contract';
import { type ApiRequestError, AreaLink, resourceKeys, useApi, usePermissions, usePointsApi, useTranslation } from '@phoenix/shell';
import { Button, formatDateTime, formatNumber, tokens } from '@phoenix/ui';
import { usePlayerRestrictions } from '../../common/playerRestrictions';
import { PlayerStatusBadge } from '../PlayerStatusBadge';
import { AdjustPointsDialog } from './AdjustPointsDialog';
import { EndBattleDialog } from './EndBattleDialog';
import { RestrictDialog } from './RestrictDialog';
import { SendPresentDialog } from './SendPresentDialog';
import './playerActionStrings';

const Strip = styled.section`
  border: 1px solid ${tokens.colors.border};
  border-radius: ${tokens.radius};
  background: ${tokens.colors.surface};
  padding: 0.75rem 1rem;
  margin: 0.75rem 0 0.5rem;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1rem;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr));
  gap: 0.5rem 1rem;
  margin: 0;
  div {
    min-width: 0;
  }
  dt {
    font-size: 0.8rem;
    font-weight: 600;
    color: ${tokens.colors.muted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  align-items: center;
`;

const Jumps = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  list-style: none;
  margin: 0;
  padding: 0;
  font-size: 0.9rem;
`;

/** The page's parts, by the id of their heading (this remote's and the sections other remotes register). */
const SECTIONS = [
  ['profile', 'player-profile-title'],
  ['bans', 'ban-history-title'],
  ['restrictions', 'player-restrictions-title'],
  ['points', 'player-points-title'],
  ['battles', 'player-battles-title'],
  ['presents', 'player-presents-title'],
  ['history', 'player-history-title'],
] as const;

/**
 * The player's account or null: asked like the points section asks it (the list filtered to the exact id,
 * an empty page rather than a 404), under the same key, so both share one answer and one refresh.
 */
export function usePointAccountOf(playerId: number) {
  const api = usePointsApi();
  return useQuery<PointAccount | null, ApiRequestError>({
    queryKey: [...resourceKeys.all('users'), 'ofPlayer', playerId],
    queryFn: async () => {
      const found = await api.get<Page<PointAccount>>('/point-accounts', { q: String(playerId), page: 1, pageSize: 1 });
      const first = found.items[0];
      return first && first.id === playerId ? first : null;
    },
  });
}

/** The player's ongoing battle, if any (under the battles' key: a force end anywhere refreshes it). */
export function useLiveBattleOf(playerId: number) {
  const api = useApi();
  return useQuery<Battle | null, ApiRequestError>({
    queryKey: [...resourceKeys.all('battles'), 'live', playerId],
    queryFn: async () => {
      const found = await api.get<Page<Battle>>('/battles', {
        playerId,
        status: 'ongoing',
        page: 1,
        pageSize: 1,
        sort: 'startedAt',
        order: 'desc',
      });
      return found.items[0] ?? null;
    },
  });
}

type Action = 'restrict' | 'adjust' | 'present' | 'endBattle';

/**
 * The top of the player view: what matters at a glance (status, points, last seen, live battle,
 * restrictions in force), links to each part of the page, and the actions, done here in a dialog
 * with the endpoints (and so the rules, change control and action log) of each action's own page.
 */
export function PlayerSummary({ player }: { player: Player }) {
  const { t } = useTranslation('playerActions');
  const permissions = usePermissions();
  const account = usePointAccountOf(player.id);
  const battle = useLiveBattleOf(player.id);
  const restrictions = usePlayerRestrictions(player.id);
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);

  const figure = <T,>(query: { data: T | undefined; error: unknown }, show: (data: T) => ReactNode) =>
    query.error ? t('unavailable') : query.data === undefined ? t('loading') : show(query.data);
  const live = battle.data ?? null;
  const mayPlayers = permissions.can('players', 'write');
  const mayEconomy = permissions.can('economy', 'write');

  return (
    <Strip aria-labelledby="player-summary-title">
      <Title id="player-summary-title">{t('summary')}</Title>
      <Figures>
        <div>
          <dt>{t('status')}</dt>
          <dd>
            <PlayerStatusBadge player={player} />
          </dd>
        </div>
        <div>
          <dt>{t('balance')}</dt>
          <dd>{figure(account, (a) => (a ? t('points', { points: formatNumber(a.balance) }) : t('noAccount')))}</dd>
        </div>
        <div>
          <dt>{t('lastSeen')}</dt>
          <dd>{player.lastSeenAt ? formatDateTime(player.lastSeenAt) : t('never')}</dd>
        </div>
        <div>
          <dt>{t('liveBattle')}</dt>
          <dd>
            {figure(battle, (b) =>
              b ? (
                <AreaLink area="battles" action="show" record={b.id} fallback={t('battleLink', { id: b.id })}>
                  {t('battleLink', { id: b.id })}
                </AreaLink>
              ) : (
                t('noLiveBattle')
              ),
            )}
          </dd>
        </div>
        <div>
          <dt>{t('restrictions')}</dt>
          <dd>{figure(restrictions, (r) => t('restrictionCount', { count: r.effective.length }))}</dd>
        </div>
      </Figures>
      {(mayPlayers || mayEconomy) && (
        <Row role="group" aria-label={t('actions')}>
          {mayPlayers && (
            <Button size="sm" onClick={() => setOpen('restrict')}>
              {t('restrict.open')}
            </Button>
          )}
          {mayEconomy && (
            <Button size="sm" onClick={() => setOpen('adjust')} disabled={account.data === undefined}>
              {t('adjust.open')}
            </Button>
          )}
          {mayEconomy && (
            <Button size="sm" onClick={() => setOpen('present')}>
              {t('present.open')}
            </Button>
          )}
          {mayPlayers && live && (
            <Button size="sm" variant="danger" onClick={() => setOpen('endBattle')}>
              {t('endBattle.open')}
            </Button>
          )}
        </Row>
      )}
      <nav aria-label={t('sections')}>
        <Jumps>
          {SECTIONS.map(([name, id]) => (
            <li key={name}>
              <a href={`#${id}`}>{t(`jump.${name}`)}</a>
            </li>
          ))}
        </Jumps>
      </nav>
      {open === 'restrict' && <RestrictDialog player={player} onClose={close} />}
      {open === 'adjust' && account.data !== undefined && <AdjustPointsDialog player={player} account={account.data} onClose={close} />}
      {open === 'present' && <SendPresentDialog player={player} onClose={close} />}
      {open === 'endBattle' && live && <EndBattleDialog battle={live} onClose={close} />}
    </Strip>
  );
}
