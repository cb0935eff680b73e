import type { RemoteAreasDeclaration } from '@phoenix/contract';

/**
 * The areas the present remote serves under /admin: path, shape (which adds the form paths) and sidebar
 * place. Plain data: its build reads it with the locales (every title is `<area>.title`, `newTitle`,
 * `editTitle` there) and writes routes.json, which the host reads without running this remote's code.
 * pages.ts gives each area its page (typed by this file).
 */
const areas = {
  remote: 'present',
  areas: {
    presents: { path: 'present', shape: 'routes', menu: { position: 30 } },
    presentDistributions: { path: 'present/distribution', shape: 'subViews', record: 'show', menu: { position: 40 } },
    shop: { path: 'shop', shape: 'editRoute', menu: { position: 50 } },
    treasureChests: { path: 'treasureChest', shape: 'subViews', menu: { position: 90 } },
    seasons: { path: 'seasonPass', shape: 'subViews', menu: { position: 100 } },
  },
} as const satisfies RemoteAreasDeclaration;

export default areas;
