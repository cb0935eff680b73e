import '@phoenix/shell/src/auth/testing';
import type { RemoteRoutesManifest } from '@phoenix/contract';
import { adminChildRoutes, adminRouteFor } from './routeTable';
import { SEED_TABLES, composeAdminTable, type RemoteManifests } from './composeRoutes';
import { declaredManifests } from '../testing/declaredRoutes';

jest.mock('../federation/RemotePage', () => ({ RemotePage: () => null }));

// The route table is composed from what each remote declares (remotes/*/src/routes.ts, emitted as
// routes.json); the seed's paths and owners (seed.json, seed §2 and PRODUCT §2) hold it.

const table = composeAdminTable(declaredManifests());

/** A copy of the declared manifests with one remote's changed. */
function withRemote(name: keyof RemoteManifests, manifest: RemoteRoutesManifest | null): RemoteManifests {
  return { ...declaredManifests(), [name]: manifest };
}

describe('route table composed from the remotes’ manifests', () => {
  it('is the seed’s paths, each served by the remote that owns it, every one declared', () => {
    // Pages the seed lacks (the Requests page, one's Security page, the Economy Report) come after its paths.
    expect(table.routes.map((r) => [r.path, r.remote])).toEqual([
      ...SEED_TABLES.routes.map((r) => [r.path, r.remote]),
      ['requests', 'system'],
      ['security', 'user-policy'],
      ['points/economy', 'points'],
    ]);
    expect(table.routes.every((r) => r.declared)).toBe(true);
  });

  it('keeps the seed route name of battle/forceEnd, unique names and a title in both languages everywhere', () => {
    expect(table.routes.find((r) => r.path === 'battle/forceEnd')?.name).toBe('forceEndMente');
    const names = table.routes.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of table.routes) expect([r.title.en.length > 0, (r.title.ja ?? '').length > 0]).toEqual([true, true]);
  });

  it('redirects points to points/tasks, and nothing else', () => {
    expect(table.routes.filter((r) => r.redirectTo).map((r) => [r.path, r.redirectTo])).toEqual([['points', 'points/tasks']]);
  });

  it('takes no path parameters and builds one child route per entry; a path in no table has no route (→ sign-in)', () => {
    for (const r of table.routes) expect(r.path).not.toMatch(/[:*]/);
    expect(adminChildRoutes(table).map((r) => r.path)).toEqual(table.routes.map((r) => r.path));
    expect(adminRouteFor('/admin/replays', table)).toBeUndefined();
  });

  it('finds the entry of a location', () => {
    expect(adminRouteFor('/admin/present/edit', table)?.name).toBe('presentEdit');
    expect(adminRouteFor('/admin/present/edit/', table)?.name).toBe('presentEdit');
    expect(adminRouteFor('/admin', table)).toBeUndefined();
    expect(adminRouteFor('/auth/login', table)).toBeUndefined();
  });
});

describe('a remote whose manifest cannot be used', () => {
  it('keeps its seed paths, on that remote (its pages show it could not be loaded), with the seed’s names', () => {
    const composed = composeAdminTable(withRemote('battle', null));
    expect(composed.routes.map((r) => [r.path, r.remote])).toEqual(table.routes.map((r) => [r.path, r.remote]));
    const battle = composed.routes.filter((r) => r.remote === 'battle');
    expect(battle.every((r) => !r.declared)).toBe(true);
    expect(battle.find((r) => r.path === 'battle/forceEnd')?.name).toBe('forceEndMente');
    expect(battle.find((r) => r.path === 'battle')?.title).toEqual({ en: 'Battle Management' });
    expect(composeAdminTable(withRemote('points', null)).routes.find((r) => r.path === 'points')?.redirectTo).toBe('points/tasks');
  });

  it('keeps a seed path its owner no longer declares, under a route id no declared page has', () => {
    const battle = declaredManifests().battle!;
    const moved = battle.routes.map((r) => (r.path === 'energy' ? { ...r, path: 'energy2' } : r));
    const composed = composeAdminTable(withRemote('battle', { ...battle, routes: moved }));
    expect(composed.routes.filter((r) => r.path.startsWith('energy')).map((r) => [r.path, r.name, r.declared])).toEqual([
      ['energy', 'energy_', false],
      ['energy2', 'energy', true],
    ]);
    const ids = adminChildRoutes(composed).map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('with no manifest at all, is the seed’s table', () => {
    expect(composeAdminTable({}).routes.map((r) => r.path)).toEqual(SEED_TABLES.routes.map((r) => r.path));
  });
});

describe('a release that adds a page', () => {
  const battle = declaredManifests().battle!;
  const replays = {
    path: 'battle/replays',
    name: 'battleReplays',
    title: { en: 'Battle Replays', ja: 'バトルのリプレイ' },
    menu: { label: { en: 'Battle Replays', ja: 'バトルのリプレイ' }, position: 5 },
  };

  it('adds its route after the seed’s', () => {
    const composed = composeAdminTable(withRemote('battle', { ...battle, routes: [...battle.routes, replays] }));
    // After the seed's paths, with the other pages the seed lacks (in the remotes' order).
    const paths = composed.routes.map((r) => r.path);
    expect(paths.slice(0, SEED_TABLES.routes.length)).toEqual(SEED_TABLES.routes.map((r) => r.path));
    expect([...paths].sort()).toEqual([...table.routes.map((r) => r.path), 'battle/replays'].sort());
    expect(adminRouteFor('/admin/battle/replays', composed)).toMatchObject({ remote: 'battle', name: 'battleReplays', declared: true });
  });

  it('cannot take a path or a name another remote serves, nor move a seed page off its owner while it declares it', () => {
    const system = declaredManifests().system!;
    const greedy = [
      { ...replays, path: 'battle', name: 'systemBattle' },
      { ...replays, path: 'system/replays', name: 'battle' },
    ];
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const composed = composeAdminTable(withRemote('system', { ...system, routes: [...system.routes, ...greedy] }));
    warn.mockRestore();
    expect(composed.routes).toEqual(table.routes);
  });
});
