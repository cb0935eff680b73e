/**
 * THE sidebar menu: seed §2 entries in order, with the target of each (PRODUCT §3), relative
 * to /admin.
 */
export interface MenuLink {
  kind: 'link';
  label: string;
  /** Relative to /admin. */
  target: string;
}
export interface MenuGroup {
  kind: 'group';
  label: string;
  children: readonly MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;

const link = (label: string, target: string): MenuLink => ({ kind: 'link', label, target });

export const MENU: readonly MenuEntry[] = [
  link('Admin Management', 'management'),
  link('Battle Management', 'battle'),
  link('Present Management', 'present'),
  link('Present 配布', 'present/distribution'),
  link('Shop Management', 'shop'),
  link('Information Management', 'information'),
  link('Health Management', 'health'),
  link('Cooldown Management', 'cooldown'),
  link('TreasureChest Management', 'treasureChest'),
  link('SeasonPass Management', 'seasonPass'),
  link('User Management', 'user'),
  link('Policy Management', 'policies'),
  link('ToS Management', 'terms-of-service'),
  link('ConstantVariable Management', 'constantVariables'),
  link('Maintenance Status', 'maintenance'),
  link('Action Log Management', 'logs'),
  link('Active Flag Management', 'activeFlag'),
  link('Energy Management', 'energy'),
  {
    kind: 'group',
    label: 'Points Management',
    children: [
      link('Tasks Management', 'points/tasks'),
      link('Users Management', 'points/users'),
      link('LootBox Configuration', 'points-lootbox'),
      link('Staking Configuration', 'points/staking'),
      link('Lottery Configuration', 'points-lottery'),
      link('Spin Configuration', 'points-spin'),
      link('Daily CheckIn Configuration', 'points-daily-checkin'),
      link('Referral Configuration', 'points-referral'),
      link('Maintenance', 'points/maintenance'),
    ],
  },
  link('DoubleupSeasonHistory Management', 'doubleupSeasonHistory'),
  link('Logout & BattleForceEnd Management', 'logoutAndBattleForceEnd'),
  link('World Message Management', 'worldMessage'),
];

/** Every link of the menu, groups flattened, in order. */
export function menuLinks(menu: readonly MenuEntry[] = MENU): MenuLink[] {
  return menu.flatMap((entry) => (entry.kind === 'group' ? [...entry.children] : [entry]));
}

/**
 * The menu target the current page belongs to: the longest target that is the path or a
 * parent of it (present/distribution wins over present; policies/edit belongs to policies).
 */
export function activeMenuTarget(pathname: string, menu: readonly MenuEntry[] = MENU): string | null {
  const prefix = '/admin/';
  if (!pathname.startsWith(prefix)) return null;
  const rest = pathname.slice(prefix.length).replace(/\/+$/, '');
  let best: string | null = null;
  for (const { target } of menuLinks(menu)) {
    if ((rest === target || rest.startsWith(`${target}/`)) && (best === null || target.length > best.length)) best = target;
  }
  return best;
}

/** Short mark shown when the sidebar is minimized: initials of the first two words. */
export function menuInitials(label: string): string {
  const words = label.split(/\s+/).filter((w) => /^[\p{L}\p{N}]/u.test(w));
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0])
    .join('')
    .toUpperCase();
}

/** The key of an entry's translation (host:menu.<key>): its target, or 'group-<first word>' for a group. */
export function menuKey(entry: MenuEntry): string {
  return entry.kind === 'link' ? entry.target : `group-${entry.label.split(/\s+/)[0].toLowerCase()}`;
}
