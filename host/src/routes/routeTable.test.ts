import '@phoenix/shell/src/auth/testing';
import { REMOTE_NAMES, type RemoteName } from '@phoenix/contract';
import { adminChildRoutes, adminRouteFor } from './routeTable';
import { SEED_TABLES, composeAdminTable, type AdminTable, type RemoteManifests } from './composeRoutes';
import { adding, declaredBeyondSeed, page, seedManifests, seedMenuLinks } from './manifestFixtures';
import { declaredManifests } from '../testing/declaredRoutes';

jest.mock('../federation/RemotePage', () => ({ RemotePage: () => null }));

// The route table is composed from what each remote declares (remotes/*/src/areas.ts, emitted as
// routes.json); the seed's paths and owners (seed.json, seed §2 and PRODUCT §2) hold it. These tests
// check the seed's invariants and the composition's rules (on fixture manifests), never a list of the
// pages a remote adds: adding one to a remote touches no file of the host.

const SEED = SEED_TABLES.routes;
const seedLabel = new Map(seedMenuLinks().map((l) => [l.target, l.label]));

/** What every composed table keeps, whatever the manifests say or fail to say. */
function expectSeedHeld(table: AdminTable): void {
  // The seed's paths first, in the seed's order, each on the remote that owns it.
  expect(table.routes.slice(0, SEED.length).map((r) => [r.path, r.remote])).toEqual(SEED.map((r) => [r.path, r.remote]));
  // The seed's redirects.
  expect(table.routes.slice(0, SEED.length).map((r) => r.redirectTo)).toEqual(SEED.map((r) => r.redirectTo));
  // No path twice, no route name (route id) twice.
  const paths = table.routes.map((r) => r.path);
  expect(new Set(paths).size).toBe(paths.length);
  const ids = adminChildRoutes(table).map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
}

/** The pages the manifests declare beyond the seed: after the seed's, on the remote that declared each, in the remotes' order. */
function expectExtras(table: AdminTable, manifests: RemoteManifests): void {
  const extras = table.routes.slice(SEED.length);
  expect(extras.map((r) => [r.path, r.remote])).toEqual(declaredBeyondSeed(manifests));
  expect(extras.every((r) => r.declared)).toBe(true);
}

/** The manifests with `remote`'s first (composeAdminTable reads them in this order). */
function first(manifests: RemoteManifests, remote: RemoteName): RemoteManifests {
  const { [remote]: m, ...rest } = manifests;
  return { [remote]: m, ...rest };
}

describe('route table composed from the remotes’ manifests (as their builds emit them)', () => {
  const manifests = declaredManifests();
  const table = composeAdminTable(manifests);

  it('is the seed’s paths, each served by the remote that owns it, every one declared, with the seed’s names', () => {
    expectSeedHeld(table);
    expect(table.routes.every((r) => r.declared)).toBe(true);
    for (const s of SEED) if (s.name) expect(adminRouteFor(`/admin/${s.path}`, table)?.name).toBe(s.name);
  });

  it('has every page a remote declares beyond the seed, after the seed’s, on that remote', () => {
    expectExtras(table, manifests);
  });

  it('has a title in both languages everywhere', () => {
    for (const r of table.routes) expect([r.path, r.title.en.length > 0, (r.title.ja ?? '').length > 0]).toEqual([r.path, true, true]);
  });

  it('redirects only to a page of the table, one that does not redirect', () => {
    for (const r of table.routes.filter((route) => route.redirectTo)) {
      const target = adminRouteFor(`/admin/${r.redirectTo}`, table);
      expect([r.path, target?.path, target?.redirectTo]).toEqual([r.path, r.redirectTo, undefined]);
    }
  });

  it('takes no path parameters and builds one child route per entry; a path in no table has no route (→ sign-in)', () => {
    for (const r of table.routes) expect(r.path).not.toMatch(/[:*]/);
    const children = adminChildRoutes(table);
    expect(children.map((r) => r.path)).toEqual(table.routes.map((r) => r.path));
    // A redirect only navigates; every other entry loads its remote's page.
    expect(children.map((c) => !!c.loader)).toEqual(table.routes.map((r) => !r.redirectTo));
    expect(adminRouteFor('/admin/no-such-page', table)).toBeUndefined();
  });

  it('finds the entry of a location', () => {
    for (const r of table.routes) {
      expect(adminRouteFor(`/admin/${r.path}`, table)).toBe(r);
      expect(adminRouteFor(`/admin/${r.path}/`, table)).toBe(r);
    }
    expect(adminRouteFor('/admin', table)).toBeUndefined();
    expect(adminRouteFor('/auth/login', table)).toBeUndefined();
  });
});

describe('a remote whose manifest cannot be used', () => {
  it.each(REMOTE_NAMES)(
    '%s keeps its seed paths, on it (its pages show it could not be loaded), with the seed’s names and English labels',
    (failed) => {
      const manifests = { ...declaredManifests(), [failed]: null };
      const composed = composeAdminTable(manifests);
      expectSeedHeld(composed);
      // Its pages beyond the seed go with it; the other remotes’ stay.
      expectExtras(composed, manifests);
      for (const s of SEED.filter((r) => r.remote === failed)) {
        const r = adminRouteFor(`/admin/${s.path}`, composed)!;
        expect([r.declared, r.name.replace(/_+$/, ''), r.title]).toEqual([
          false,
          s.name ?? s.path,
          { en: seedLabel.get(s.path) ?? s.path },
        ]);
      }
      expect(composed.routes.filter((r) => r.remote !== failed).every((r) => r.declared)).toBe(true);
    },
  );

  it('keeps a seed path its owner no longer declares, under a route id no declared page has', () => {
    const s = SEED.find((r) => !r.redirectTo)!;
    const owner = seedManifests()[s.remote as RemoteName]!;
    const name = owner.routes.find((r) => r.path === s.path)!.name;
    const moved = owner.routes.map((r) => (r.path === s.path ? { ...r, path: `${s.path}2` } : r));
    const composed = composeAdminTable({ ...seedManifests(), [s.remote]: { ...owner, routes: moved } });
    expectSeedHeld(composed);
    expect([s.path, `${s.path}2`].map((p) => adminRouteFor(`/admin/${p}`, composed)).map((r) => [r?.name, r?.remote, r?.declared])).toEqual(
      [
        [`${name}_`, s.remote, false],
        [name, s.remote, true],
      ],
    );
  });

  it('with no manifest at all, is the seed’s table', () => {
    const composed = composeAdminTable({});
    expectSeedHeld(composed);
    expect(composed.routes.map((r) => [r.path, r.declared])).toEqual(SEED.map((r) => [r.path, false]));
  });
});

describe('composed from fixture manifests', () => {
  const base = seedManifests();

  it('declaring exactly the seed, is the seed’s table, every path declared', () => {
    const composed = composeAdminTable(base);
    expectSeedHeld(composed);
    expect(composed.routes.map((r) => [r.path, r.declared])).toEqual(SEED.map((r) => [r.path, true]));
  });

  it('adds the pages a release declares beyond the seed after the seed’s, on their remotes, in the remotes’ order', () => {
    const [one, two] = [REMOTE_NAMES[REMOTE_NAMES.length - 1], REMOTE_NAMES[0]];
    const manifests = adding(adding(base, one, [page('fixture/replays', 'Replays', 5), page('fixture/hidden', 'Hidden')]), two, [
      page('fixture-audit', 'Audit', 1),
    ]);
    const composed = composeAdminTable(manifests);
    expectSeedHeld(composed);
    expectExtras(composed, manifests);
    expect(composed.routes.slice(SEED.length).map((r) => r.path)).toEqual(['fixture-audit', 'fixture/replays', 'fixture/hidden']);
    expect(adminRouteFor('/admin/fixture/replays', composed)).toMatchObject({ remote: one, name: 'fixtureReplays', declared: true });
  });

  it('cannot take a path or a name another remote serves, nor move a seed page off its owner while it declares it', () => {
    const s = SEED.find((r) => !r.redirectTo)!;
    const greedy = REMOTE_NAMES.find((n) => n !== s.remote)!;
    const ownerName = base[s.remote as RemoteName]!.routes.find((r) => r.path === s.path)!.name;
    // Read before the owner, as the first of the remotes.
    const manifests = first(base, greedy);
    const extra = page('fixture/extra', 'Extra', 1);
    const taking = adding(
      adding(manifests, greedy, [
        { ...extra, path: s.path, name: 'fixtureTakesSeedPath' },
        { ...extra, path: 'fixture/taken-name', name: ownerName },
        extra,
      ]),
      s.remote as RemoteName,
      [{ ...extra, name: 'fixtureExtraAgain' }],
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const composed = composeAdminTable(taking);
    expect(warn).toHaveBeenCalledTimes(3);
    warn.mockRestore();
    expectSeedHeld(composed);
    expect(composed.routes).toEqual(composeAdminTable(adding(manifests, greedy, [extra])).routes);
    expect(adminRouteFor(`/admin/${s.path}`, composed)).toMatchObject({ remote: s.remote, name: ownerName, declared: true });
  });
});
