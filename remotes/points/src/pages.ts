import { lootboxResource, lotteryRoundResource, pointUserResource, pointsTaskResource } from '@phoenix/contract';
import { areasOf, standalonePage } from '@phoenix/shell';
import './i18n';
import { truncate } from '@phoenix/ui';

const area = areasOf('points');

/** Pages of the points remote, keyed by their path under /admin (PRODUCT §2); their API is pointsApiBase. */
const pages = {
  ...area({
    name: 'pointsTasks',
    base: 'points/tasks',
    shape: 'subViews',
    resource: pointsTaskResource,
    labelOf: (task) => truncate(task.title, 40),
    formLabelOf: (task) => `"${task.title.slice(0, 60)}"`,
    list: () => import('./areas/tasks/TaskListPage'),
    form: () => import('./areas/tasks/TaskForm'),
  }),
  ...area({
    name: 'pointAccounts',
    base: 'points/users',
    shape: 'subViews',
    resource: pointUserResource,
    labelOf: (account, t) => t('pointAccounts.label', { id: account.id }),
    list: () => import('./areas/users/UserListPage'),
  }),
  ...standalonePage('points/maintenance', () => import('./areas/settings/PointsMaintenancePage')),
  ...standalonePage('points-daily-checkin', () => import('./areas/settings/DailyCheckinPage')),
  ...standalonePage('points-referral', () => import('./areas/settings/ReferralPage')),
  ...area({
    name: 'pointsLottery',
    base: 'points-lottery',
    shape: 'subViews',
    resource: lotteryRoundResource,
    labelOf: (round) => round.name,
    formLabelOf: (round) => `"${round.name}"`,
    list: () => import('./areas/lottery/LotteryListPage'),
    form: () => import('./areas/lottery/LotteryRoundForm'),
  }),
  ...area({
    name: 'lootbox',
    base: 'points-lootbox',
    shape: 'subViews',
    resource: lootboxResource,
    labelOf: (box) => box.name,
    formLabelOf: (box) => `"${box.name}"`,
    list: () => import('./areas/games/LootboxListPage'),
    form: () => import('./areas/games/LootboxForm'),
  }),
  ...standalonePage('points-spin', () => import('./areas/games/SpinWheelPage')),
  ...standalonePage('points/staking', () => import('./areas/staking/StakingPage')),
};

export default pages;
