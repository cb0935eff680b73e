import type { LinkAction, LinkParams } from '@phoenix/shell';
import type { PermissionAction, PermissionScope } from '@phoenix/contract';

/**
 * The commands of "Find anything": each opens the page (or the form) where the admin does it, made
 * with linkTo from its area like every other link. Offered only to an admin whose roles may
 * (the server refuses the rest anyway) and only where this console serves the area. Their titles are
 * `findAnything.actions.<id>` in both languages (strings.ts): found by either, as pages are.
 */
export interface FindAction {
  id: string;
  area: string;
  action: LinkAction;
  params?: LinkParams;
  permission: { scope: PermissionScope; action: PermissionAction };
}

const write = (scope: PermissionScope) => ({ scope, action: 'write' as const });

export const FIND_ACTIONS: readonly FindAction[] = [
  // A ban needs its player: the player list, where the admin picks one and bans from the player view.
  { id: 'banPlayer', area: 'players', action: 'list', permission: write('players') },
  // Points are granted (an adjustment) on a point account: the accounts list.
  { id: 'grantPoints', area: 'pointAccounts', action: 'list', permission: write('economy') },
  { id: 'newNews', area: 'news', action: 'create', permission: write('content') },
  { id: 'newWorldMessage', area: 'worldMessages', action: 'create', permission: write('content') },
  { id: 'newPresent', area: 'presents', action: 'create', permission: write('economy') },
  { id: 'newPolicy', area: 'policies', action: 'create', permission: write('players') },
  { id: 'newTask', area: 'pointsTasks', action: 'create', permission: write('economy') },
  { id: 'newLotteryRound', area: 'pointsLottery', action: 'create', permission: write('economy') },
  { id: 'addAdmin', area: 'admins', action: 'list', permission: write('admins') },
  { id: 'maintenance', area: 'maintenance', action: 'list', permission: write('operations') },
];

/** Case- and width-insensitive, as findPages. */
const fold = (text: string) => text.normalize('NFKC').toLowerCase();

/**
 * The actions whose title (in English or Japanese) contains the text, those starting with it first;
 * `titles(id)` gives an action's titles. Every word typed must appear ("new news", "ban").
 */
export function findActions(actions: readonly FindAction[], titles: (id: string) => string[], text: string, limit = 5): FindAction[] {
  const words = fold(text.trim()).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const rank = (action: FindAction) => {
    const folded = titles(action.id).map(fold);
    if (!folded.some((title) => words.every((word) => title.includes(word)))) return -1;
    return folded.some((title) => title.startsWith(words[0])) ? 0 : 1;
  };
  return actions
    .map((action) => ({ action, rank: rank(action) }))
    .filter((a) => a.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map((a) => a.action);
}
