import { battlesResource, doubleUpSeasonsResource } from '@phoenix/contract';
import { areaPage, pagesOf, type SectionDefinition } from '@phoenix/shell';
import areas from './areas';
import './i18n';

/** The page of each area of areas.ts (routed by the host under /admin): its list, form, resource and record label. */
export default pagesOf(areas, 'battle', {
  battles: areaPage({
    resource: battlesResource,
    prefetch: false,
    labelOf: (battle, t) => t('battles.label', { id: battle.id }),
    list: () => import('./areas/battles/BattleListPage'),
  }),
  doubleUpSeasons: areaPage({
    resource: doubleUpSeasonsResource,
    prefetch: false,
    labelOf: (season) => season.name,
    list: () => import('./areas/doubleUpSeasons/DoubleUpSeasonListPage'),
  }),
  battleForceEnd: () => import('./areas/battleForceEnd/BattleForceEndPage'),
  globalSignOut: () => import('./areas/globalSignOut/GlobalSignOutPage'),
  health: () => import('./areas/gameBalance/HealthPage'),
  cooldown: () => import('./areas/gameBalance/CooldownPage'),
  energy: () => import('./areas/gameBalance/EnergyPage'),
});

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'battles', order: 20, load: () => import('./areas/battles/PlayerBattlesSection') },
];
