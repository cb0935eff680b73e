import { resourcePages, standalonePage, type SectionDefinition } from '@phoenix/shell';
import './i18n';

/** Pages of the battle remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...resourcePages({ base: 'battle', shape: 'subViews', list: () => import('./areas/battles/BattleListPage') }),
  ...resourcePages({
    base: 'doubleupSeasonHistory',
    shape: 'subViews',
    list: () => import('./areas/doubleUpSeasons/DoubleUpSeasonListPage'),
  }),
  ...standalonePage('battle/forceEnd', () => import('./areas/battleForceEnd/BattleForceEndPage')),
  ...standalonePage('logoutAndBattleForceEnd', () => import('./areas/globalSignOut/GlobalSignOutPage')),
  ...standalonePage('health', () => import('./areas/gameBalance/HealthPage')),
  ...standalonePage('cooldown', () => import('./areas/gameBalance/CooldownPage')),
  ...standalonePage('energy', () => import('./areas/gameBalance/EnergyPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'battles', order: 20, load: () => import('./areas/battles/PlayerBattlesSection') },
];
