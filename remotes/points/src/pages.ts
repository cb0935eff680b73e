import { lootboxesResource, lotteryRoundsResource, pointAccountsResource, pointsTasksResource } from '@phoenix/contract';
import { areasOf, standalonePage, type SectionDefinition } from '@phoenix/shell';
import './i18n';
import { truncate } from '@phoenix/ui';

const area = areasOf('points');

/** Pages of the points remote, keyed by their path under /admin (PRODUCT §2); their API is pointsApiBase. */
const pages = {
  ...area({
    name: 'pointsTasks',
    base: 'points/tasks',
    shape: 'subViews',
    resource: pointsTasksResource,
    labelOf: (task) => truncate(task.title, 40),
    formLabelOf: (task) => `"${task.title.slice(0, 60)}"`,
    list: () => import('./areas/pointsTasks/TaskListPage'),
    form: () => import('./areas/pointsTasks/TaskForm'),
  }),
  ...area({
    name: 'pointAccounts',
    base: 'points/users',
    shape: 'subViews',
    resource: pointAccountsResource,
    labelOf: (account, t) => t('pointAccounts.label', { id: account.id }),
    list: () => import('./areas/pointAccounts/PointAccountListPage'),
  }),
  ...standalonePage('points/maintenance', () => import('./areas/pointsSettings/PointsMaintenancePage')),
  ...standalonePage('points-daily-checkin', () => import('./areas/pointsSettings/DailyCheckinPage')),
  ...standalonePage('points-referral', () => import('./areas/pointsSettings/ReferralPage')),
  ...area({
    name: 'pointsLottery',
    base: 'points-lottery',
    shape: 'subViews',
    resource: lotteryRoundsResource,
    labelOf: (round) => round.name,
    formLabelOf: (round) => `"${round.name}"`,
    list: () => import('./areas/pointsLottery/LotteryListPage'),
    form: () => import('./areas/pointsLottery/LotteryRoundForm'),
  }),
  ...area({
    name: 'lootbox',
    base: 'points-lootbox',
    shape: 'subViews',
    resource: lootboxesResource,
    labelOf: (box) => box.name,
    formLabelOf: (box) => `"${box.name}"`,
    list: () => import('./areas/pointsGames/LootboxListPage'),
    form: () => import('./areas/pointsGames/LootboxForm'),
  }),
  ...standalonePage('points-spin', () => import('./areas/pointsGames/SpinWheelPage')),
  ...standalonePage('points/staking', () => import('./areas/stakingChanges/StakingPage')),
  ...standalonePage('points/economy', () => import('./areas/pointsEconomy/EconomyReportPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'points', order: 10, load: () => import('./areas/pointAccounts/PlayerPointsSection') },
];
