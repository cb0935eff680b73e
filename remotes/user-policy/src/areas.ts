import type { RemoteAreasDeclaration } from '@phoenix/contract';

/**
 * The areas the user-policy remote serves under /admin: path, shape (which adds the form paths) and sidebar
 * place. Plain data: its build reads it with the locales (every title is `<area>.title`, `newTitle`,
 * `editTitle` there) and writes routes.json, which the host reads without running this remote's code.
 * pages.ts gives each area its page (typed by this file).
 */
const areas = {
  remote: 'user-policy',
  areas: {
    admins: { path: 'management', shape: 'page', menu: { position: 10 } },
    security: { path: 'security', shape: 'page' },
    players: { path: 'user', shape: 'page', menu: { position: 110 } },
    restrictions: { path: 'user/restrictApis', shape: 'page' },
    policies: { path: 'policies', shape: 'routes', menu: { position: 120 } },
    policyMembers: { path: 'policies/users_in_policy', shape: 'page' },
    policyApis: { path: 'policies/restrictApis', shape: 'page' },
    segments: { path: 'segments', shape: 'routes', record: 'show', menu: { position: 125 } },
    termsOfService: { path: 'terms-of-service', shape: 'routes', menu: { position: 130 } },
  },
} as const satisfies RemoteAreasDeclaration;

export default areas;
