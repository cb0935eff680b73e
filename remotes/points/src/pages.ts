import { lootboxResource, lotteryRoundResource, pointsTaskResource, pointAccountResource } from '@phoenix/contract';
import { resourcePages, standalonePage, type SectionDefinition } from '@phoenix/shell';
import './i18n';

/** Pages of the points remote, keyed by their path under /admin (PRODUCT §2); their API is pointsApiBase. */
const pages = {
  ...resourcePages({
    base: 'points/tasks',
    resource: pointsTaskResource,
    shape: 'subViews',
    list: () => import('./areas/pointsTasks/TaskListPage'),
    form: () => import('./areas/pointsTasks/TaskForm'),
  }),
  ...resourcePages({
    base: 'points/users',
    resource: pointAccountResource,
    shape: 'subViews',
    list: () => import('./areas/pointAccounts/PointAccountListPage'),
  }),
  ...standalonePage('points/maintenance', () => import('./areas/pointsSettings/PointsMaintenancePage')),
  ...standalonePage('points-daily-checkin', () => import('./areas/pointsSettings/DailyCheckinPage')),
  ...standalonePage('points-referral', () => import('./areas/pointsSettings/ReferralPage')),
  ...resourcePages({
    base: 'points-lottery',
    shape: 'subViews',
    resource: lotteryRoundResource,
    list: () => import('./areas/pointsLottery/LotteryListPage'),
    form: () => import('./areas/pointsLottery/LotteryRoundForm'),
  }),
  ...resourcePages({
    base: 'points-lootbox',
    shape: 'subViews',
    resource: lootboxResource,
    list: () => import('./areas/pointsGames/LootboxListPage'),
    form: () => import('./areas/pointsGames/LootboxForm'),
  }),
  ...standalonePage('points-spin', () => import('./areas/pointsGames/SpinWheelPage')),
  ...standalonePage('points/staking', () => import('./areas/stakingChanges/StakingPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'points', order: 10, load: () => import('./areas/pointAccounts/PlayerPointsSection') },
];
