import { resourcePages, standalonePage, type SectionDefinition } from '@phoenix/shell';
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

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'battles', order: 20, load: () => import('./areas/battles/PlayerBattlesSection') },
];
