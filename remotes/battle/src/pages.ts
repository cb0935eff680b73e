import { placeholderPages } from '@phoenix/shell';

/** Pages of the battle remote, keyed by their path under /admin (PRODUCT §2). */
const pages = placeholderPages({
  battle: 'Battle Management',
  'battle/forceEnd': 'Battle Force End (maintenance)',
  doubleupSeasonHistory: 'DoubleupSeasonHistory Management',
  logoutAndBattleForceEnd: 'Logout & BattleForceEnd Management',
  cooldown: 'Cooldown Management',
  energy: 'Energy Management',
  health: 'Health Management',
});

export default pages;
