import '@phoenix/shell/src/auth/testing';
import { ADMIN_ROUTES, adminChildRoutes, adminRouteFor } from './routeTable';
import SEED_PATHS from './seedPaths.json';

jest.mock('../federation/RemotePage', () => ({ RemotePage: () => null }));

// Every child path of /admin in the seed's route table (also what the e2e layout test opens).

/** PRODUCT §2. */
const OWNERS: Record<string, string[]> = {
  system: [
    'information',
    'maintenance',
    'logs',
    'constantVariables',
    'constantVariables/create',
    'constantVariables/edit',
    'activeFlag',
    'worldMessage',
  ],
  'user-policy': [
    'management',
    'user',
    'user/restrictApis',
    'policies',
    'policies/create',
    'policies/edit',
    'policies/users_in_policy',
    'policies/restrictApis',
    'terms-of-service',
    'terms-of-service/create',
    'terms-of-service/edit',
  ],
  present: ['present', 'present/create', 'present/edit', 'present/distribution', 'shop', 'shop/edit', 'treasureChest', 'seasonPass'],
  battle: ['battle', 'battle/forceEnd', 'doubleupSeasonHistory', 'logoutAndBattleForceEnd', 'cooldown', 'energy', 'health'],
  points: [
    'points',
    'points/tasks',
    'points/users',
    'points/staking',
    'points/maintenance',
    'points-lottery',
    'points-spin',
    'points-referral',
    'points-lootbox',
    'points-daily-checkin',
  ],
};

describe('route table', () => {
  it('covers every seed path exactly once', () => {
    const paths = ADMIN_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths].sort()).toEqual([...SEED_PATHS].sort());
  });

  it('gives each path the remote that owns it', () => {
    for (const [remote, paths] of Object.entries(OWNERS)) {
      for (const path of paths) expect(`${path} → ${ADMIN_ROUTES.find((r) => r.path === path)?.remote}`).toBe(`${path} → ${remote}`);
    }
    expect(Object.values(OWNERS).flat().sort()).toEqual([...SEED_PATHS].sort());
  });

  it('keeps the seed route name of battle/forceEnd, unique names and a title everywhere', () => {
    expect(ADMIN_ROUTES.find((r) => r.path === 'battle/forceEnd')?.name).toBe('forceEndMente');
    const names = ADMIN_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of ADMIN_ROUTES) expect(r.title.length).toBeGreaterThan(0);
  });

  it('redirects points to points/tasks, and nothing else', () => {
    expect(ADMIN_ROUTES.filter((r) => r.redirectTo).map((r) => [r.path, r.redirectTo])).toEqual([['points', 'points/tasks']]);
  });

  it('takes no path parameters and builds one child route per entry', () => {
    for (const r of ADMIN_ROUTES) expect(r.path).not.toMatch(/[:*]/);
    expect(adminChildRoutes().map((r) => r.path)).toEqual(ADMIN_ROUTES.map((r) => r.path));
  });

  it('finds the entry of a location', () => {
    expect(adminRouteFor('/admin/present/edit')?.name).toBe('presentEdit');
    expect(adminRouteFor('/admin')).toBeUndefined();
    expect(adminRouteFor('/auth/login')).toBeUndefined();
  });
});
