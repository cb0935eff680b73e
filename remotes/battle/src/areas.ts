import type { RemoteAreasDeclaration } from '@phoenix/contract';

/**
 * The areas the battle remote serves under /admin: path, shape (which adds the form paths) and sidebar
 * place. Plain data: its build reads it with the locales (every title is `<area>.title`, `newTitle`,
 * `editTitle` there) and writes routes.json, which the host reads without running this remote's code.
 * pages.ts gives each area its page (typed by this file).
 */
const areas = {
  remote: 'battle',
  areas: {
    battles: { path: 'battle', shape: 'subViews', record: 'show', menu: { position: 20 } },
    battleForceEnd: { path: 'battle/forceEnd', shape: 'page' },
    health: { path: 'health', shape: 'page', menu: { position: 70 } },
    cooldown: { path: 'cooldown', shape: 'page', menu: { position: 80 } },
    energy: { path: 'energy', shape: 'page', menu: { position: 180 } },
    doubleUpSeasons: { path: 'doubleupSeasonHistory', shape: 'subViews', record: 'show', menu: { position: 200 } },
    globalSignOut: { path: 'logoutAndBattleForceEnd', shape: 'page', menu: { position: 210 } },
  },
} as const satisfies RemoteAreasDeclaration;

export default areas;
