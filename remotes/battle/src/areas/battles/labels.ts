import type { Battle } from '@phoenix/contract';
import type { BadgeTone } from '@phoenix/ui';

export const STATUS_TONE: Record<Battle['status'], BadgeTone> = { ongoing: 'info', finished: 'neutral', force_ended: 'warning' };

/** "#12 (ranked, players 3 vs 7)": how confirms and labels name a battle. */
export const playersOf = (battle: Battle) => battle.playerIds.join(' vs ');
