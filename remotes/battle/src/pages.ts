import { battlesResource, doubleUpSeasonsResource } from '@phoenix/contract';
import { areasOf, standalonePage, type SectionDefinition } from '@phoenix/shell';
import './i18n';

const area = areasOf('battle');

/** Pages of the battle remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...area({
    name: 'battles',
    base: 'battle',
    shape: 'subViews',
    resource: battlesResource,
    prefetch: false,
    labelOf: (battle, t) => t('battles.label', { id: battle.id }),
    list: () => import('./areas/battles/BattleListPage'),
  }),
  ...area({
    name: 'doubleUpSeasons',
    base: 'doubleupSeasonHistory',
    shape: 'subViews',
    resource: doubleUpSeasonsResource,
    prefetch: false,
    labelOf: (season) => season.name,
    list: () => import('./areas/doubleUpSeasons/DoubleUpSeasonListPage'),
  }),
  ...standalonePage('battle/forceEnd', () => import('./areas/battleForceEnd/BattleForceEndPage')),
  ...area({
    name: 'globalSignOut',
    base: 'logoutAndBattleForceEnd',
    shape: 'routes',
    list: () => import('./areas/globalSignOut/GlobalSignOutPage'),
  }),
  ...standalonePage('health', () => import('./areas/gameBalance/HealthPage')),
  ...standalonePage('cooldown', () => import('./areas/gameBalance/CooldownPage')),
  ...standalonePage('energy', () => import('./areas/gameBalance/EnergyPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'battles', order: 20, load: () => import('./areas/battles/PlayerBattlesSection') },
];
