import { placeholderPages, standalonePage } from '@phoenix/shell';

/** Pages of the points remote, keyed by their path under /admin (PRODUCT §2). */
const pages = placeholderPages({
  'points/tasks': 'Tasks Management',
  'points/users': 'Users Management',
  'points/maintenance': 'Points Maintenance',
  'points-lottery': 'Lottery Configuration',
  'points-spin': 'Spin Configuration',
  'points-referral': 'Referral Configuration',
  'points-lootbox': 'LootBox Configuration',
  'points-daily-checkin': 'Daily CheckIn Configuration',
});

export default {
  ...pages,
  ...standalonePage('points/staking', () => import('./areas/staking/StakingPage')),
};
