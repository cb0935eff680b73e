import { battleResource, doubleupSeasonResource } from '@phoenix/contract';
import { areasOf, standalonePage } from '@phoenix/shell';
import './i18n';

const area = areasOf('battle');

/** Pages of the battle remote, keyed by their path under /admin (PRODUCT §2). */
const pages = {
  ...area({
    name: 'battles',
    base: 'battle',
    shape: 'subViews',
    resource: battleResource,
    prefetch: false,
    labelOf: (battle, t) => t('battles.label', { id: battle.id }),
    list: () => import('./areas/battles/BattleListPage'),
  }),
  ...area({
    name: 'doubleUpSeasons',
    base: 'doubleupSeasonHistory',
    shape: 'subViews',
    resource: doubleupSeasonResource,
    prefetch: false,
    labelOf: (season) => season.name,
    list: () => import('./areas/doubleUp/DoubleupSeasonListPage'),
  }),
  ...standalonePage('battle/forceEnd', () => import('./areas/forceEnd/ForceEndAllPage')),
  ...area({
    name: 'globalSignOut',
    base: 'logoutAndBattleForceEnd',
    shape: 'routes',
    list: () => import('./areas/globalSignOut/LogoutAndForceEndPage'),
  }),
  ...standalonePage('health', () => import('./areas/balance/HealthPage')),
  ...standalonePage('cooldown', () => import('./areas/balance/CooldownPage')),
  ...standalonePage('energy', () => import('./areas/balance/EnergyPage')),
};

export default pages;
