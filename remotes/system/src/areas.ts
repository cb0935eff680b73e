import type { RemoteAreasDeclaration } from '@phoenix/contract';

/**
 * The areas the system remote serves under /admin: path, shape (which adds the form paths) and sidebar
 * place. Plain data: its build reads it with the locales (every title is `<area>.title`, `newTitle`,
 * `editTitle` there) and writes routes.json, which the host reads without running this remote's code.
 * pages.ts gives each area its page (typed by this file).
 */
const areas = {
  remote: 'system',
  areas: {
    news: { path: 'information', shape: 'subViews', menu: { position: 60 } },
    maintenance: { path: 'maintenance', shape: 'page', menu: { position: 150 } },
    actionLogs: { path: 'logs', shape: 'subViews', record: 'show', menu: { position: 160 } },
    activeFlags: { path: 'activeFlag', shape: 'subViews', menu: { position: 170 } },
    constantVariables: { path: 'constantVariables', shape: 'routes', menu: { position: 140 } },
    worldMessages: { path: 'worldMessage', shape: 'subViews', menu: { position: 220 } },
    changeRequests: { path: 'requests', shape: 'page', menu: { position: 230 } },
  },
} as const satisfies RemoteAreasDeclaration;

export default areas;
