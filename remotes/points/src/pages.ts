import { placeholderPages, resourcePages, standalonePage } from '@phoenix/shell';
import './i18n';

/** Pages of the points remote, keyed by their path under /admin (PRODUCT §2); their API is pointsApiBase. */
const pages = {
  ...placeholderPages({
    'points/tasks': 'Tasks Management',
    'points/users': 'Users Management',
    'points-spin': 'Spin Configuration',
    'points-lootbox': 'LootBox Configuration',
  }),
  ...standalonePage('points/maintenance', () => import('./areas/settings/PointsMaintenancePage')),
  ...standalonePage('points-daily-checkin', () => import('./areas/settings/DailyCheckinPage')),
  ...standalonePage('points-referral', () => import('./areas/settings/ReferralPage')),
  ...resourcePages({
    base: 'points-lottery',
    shape: 'subViews',
    list: () => import('./areas/lottery/LotteryListPage'),
    form: () => import('./areas/lottery/LotteryRoundForm'),
  }),
  ...standalonePage('points/staking', () => import('./areas/staking/StakingPage')),
};

export default pages;
