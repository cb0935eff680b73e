import { lootboxResource, lotteryRoundResource, pointsTaskResource, pointUserResource } from '@phoenix/contract';
import { resourcePages, standalonePage, type SectionDefinition } from '@phoenix/shell';
import './i18n';

/** Pages of the points remote, keyed by their path under /admin (PRODUCT §2); their API is pointsApiBase. */
const pages = {
  ...resourcePages({
    base: 'points/tasks',
    resource: pointsTaskResource,
    shape: 'subViews',
    list: () => import('./areas/tasks/TaskListPage'),
    form: () => import('./areas/tasks/TaskForm'),
  }),
  ...resourcePages({
    base: 'points/users',
    resource: pointUserResource,
    shape: 'subViews',
    list: () => import('./areas/users/UserListPage'),
  }),
  ...standalonePage('points/maintenance', () => import('./areas/settings/PointsMaintenancePage')),
  ...standalonePage('points-daily-checkin', () => import('./areas/settings/DailyCheckinPage')),
  ...standalonePage('points-referral', () => import('./areas/settings/ReferralPage')),
  ...resourcePages({
    base: 'points-lottery',
    shape: 'subViews',
    resource: lotteryRoundResource,
    list: () => import('./areas/lottery/LotteryListPage'),
    form: () => import('./areas/lottery/LotteryRoundForm'),
  }),
  ...resourcePages({
    base: 'points-lootbox',
    shape: 'subViews',
    resource: lootboxResource,
    list: () => import('./areas/games/LootboxListPage'),
    form: () => import('./areas/games/LootboxForm'),
  }),
  ...standalonePage('points-spin', () => import('./areas/games/SpinWheelPage')),
  ...standalonePage('points/staking', () => import('./areas/staking/StakingPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'points', order: 10, load: () => import('./areas/users/PlayerPointsSection') },
];
