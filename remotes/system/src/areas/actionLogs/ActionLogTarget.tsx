import type { ActionLog } from '@phoenix/contract';
import { PlayerNameLink } from '@phoenix/shell';

/** The kinds of target whose id is a player's (a point account is keyed by its player's id). */
const PLAYER_TARGETS = new Set(['player', 'pointUser']);

/** An entry's record: a player's named and linked to their page, any other as its type and id. */
export function ActionLogTarget({ log }: { log: ActionLog }) {
  if (!log.targetId) return <>{log.targetType}</>;
  if (PLAYER_TARGETS.has(log.targetType) && /^\d{1,10}$/.test(log.targetId))
    return (
      <>
        {log.targetType} <PlayerNameLink id={Number(log.targetId)} />
      </>
    );
  return <>{`${log.targetType} #${log.targetId}`}</>;
}
