import { placeholderPages, standalonePage } from '@phoenix/shell';
import './i18n';

/** Pages of the battle remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...placeholderPages({
    battle: 'Battle Management',
    'battle/forceEnd': 'Battle Force End (maintenance)',
    doubleupSeasonHistory: 'DoubleupSeasonHistory Management',
    logoutAndBattleForceEnd: 'Logout & BattleForceEnd Management',
  }),
  ...standalonePage('health', () => import('./areas/balance/HealthPage')),
  ...standalonePage('cooldown', () => import('./areas/balance/CooldownPage')),
  ...standalonePage('energy', () => import('./areas/balance/EnergyPage')),
};

export default pages;
