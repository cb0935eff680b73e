import { resourcePages, standalonePage } from '@phoenix/shell';
import './i18n';

/** Pages of the battle remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...resourcePages({ base: 'battle', shape: 'subViews', list: () => import('./areas/battles/BattleListPage') }),
  ...resourcePages({ base: 'doubleupSeasonHistory', shape: 'subViews', list: () => import('./areas/doubleUp/DoubleupSeasonListPage') }),
  ...standalonePage('battle/forceEnd', () => import('./areas/forceEnd/ForceEndAllPage')),
  ...standalonePage('logoutAndBattleForceEnd', () => import('./areas/globalSignOut/LogoutAndForceEndPage')),
  ...standalonePage('health', () => import('./areas/balance/HealthPage')),
  ...standalonePage('cooldown', () => import('./areas/balance/CooldownPage')),
  ...standalonePage('energy', () => import('./areas/balance/EnergyPage')),
};

export default pages;
