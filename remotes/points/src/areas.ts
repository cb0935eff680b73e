import type { RemoteAreasDeclaration } from '@phoenix/contract';

/**
 * The areas the points remote serves under /admin: path, shape (which adds the form paths) and sidebar
 * place. Plain data: its build reads it with the locales (every title is `<area>.title`, `newTitle`,
 * `editTitle` there) and writes routes.json, which the host reads without running this remote's code.
 * pages.ts gives each area its page (typed by this file).
 */
const areas = {
  remote: 'points',
  groups: { points: { position: 190 } },
  areas: {
    pointsTasks: { path: 'points/tasks', shape: 'subViews', menu: { position: 10, group: 'points' } },
    pointAccounts: { path: 'points/users', shape: 'subViews', record: 'show', menu: { position: 20, group: 'points' } },
    staking: { path: 'points/staking', shape: 'page', menu: { position: 40, group: 'points' } },
    pointsMaintenance: { path: 'points/maintenance', shape: 'page', menu: { position: 90, group: 'points' } },
    economy: { path: 'points/economy', shape: 'page', menu: { position: 95, group: 'points' } },
    pointsLottery: { path: 'points-lottery', shape: 'subViews', menu: { position: 50, group: 'points' } },
    spin: { path: 'points-spin', shape: 'page', menu: { position: 60, group: 'points' } },
    referral: { path: 'points-referral', shape: 'page', menu: { position: 80, group: 'points' } },
    lootbox: { path: 'points-lootbox', shape: 'subViews', menu: { position: 30, group: 'points' } },
    checkin: { path: 'points-daily-checkin', shape: 'page', menu: { position: 70, group: 'points' } },
  },
  redirects: { points: 'points/tasks' },
} as const satisfies RemoteAreasDeclaration;

export default areas;
