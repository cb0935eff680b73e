import { lootboxesResource, lotteryRoundsResource, pointAccountsResource, pointsTasksResource } from '@phoenix/contract';
import { areaPage, pagesOf, type SectionDefinition } from '@phoenix/shell';
import { truncate } from '@phoenix/ui';
import areas from './areas';
import './i18n';

/** The page of each area of areas.ts (routed by the host under /admin; their API is pointsApiBase). */
export default pagesOf(areas, 'points', {
  pointsTasks: areaPage({
    resource: pointsTasksResource,
    labelOf: (task) => truncate(task.title, 40),
    formLabelOf: (task) => `"${task.title.slice(0, 60)}"`,
    list: () => import('./areas/pointsTasks/TaskListPage'),
    form: () => import('./areas/pointsTasks/TaskForm'),
  }),
  pointAccounts: areaPage({
    resource: pointAccountsResource,
    labelOf: (account, t) => t('pointAccounts.label', { id: account.id }),
    list: () => import('./areas/pointAccounts/PointAccountListPage'),
  }),
  pointsLottery: areaPage({
    resource: lotteryRoundsResource,
    labelOf: (round) => round.name,
    formLabelOf: (round) => `"${round.name}"`,
    list: () => import('./areas/pointsLottery/LotteryListPage'),
    form: () => import('./areas/pointsLottery/LotteryRoundForm'),
  }),
  lootbox: areaPage({
    resource: lootboxesResource,
    labelOf: (box) => box.name,
    formLabelOf: (box) => `"${box.name}"`,
    list: () => import('./areas/pointsGames/LootboxListPage'),
    form: () => import('./areas/pointsGames/LootboxForm'),
  }),
  staking: () => import('./areas/stakingChanges/StakingPage'),
  pointsMaintenance: () => import('./areas/pointsSettings/PointsMaintenancePage'),
  economy: () => import('./areas/pointsEconomy/EconomyReportPage'),
  spin: () => import('./areas/pointsGames/SpinWheelPage'),
  referral: () => import('./areas/pointsSettings/ReferralPage'),
  checkin: () => import('./areas/pointsSettings/DailyCheckinPage'),
});

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'points', order: 10, load: () => import('./areas/pointAccounts/PlayerPointsSection') },
];
