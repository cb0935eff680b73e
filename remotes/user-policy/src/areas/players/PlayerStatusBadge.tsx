import type { Player } from '@phoenix/contract';
import { useTranslation } from '@phoenix/shell';
import { Badge, formatDateTime } from '@phoenix/ui';

export function PlayerStatusBadge({ player }: { player: Player }) {
  const { t } = useTranslation('userPolicy');
  if (player.status === 'active') return <Badge $tone="success">{t('players.statuses.active')}</Badge>;
  return (
    <Badge $tone="danger">
      {player.banEndsAt ? t('players.bannedUntil', { end: formatDateTime(player.banEndsAt) }) : t('players.statuses.banned')}
    </Badge>
  );
}
