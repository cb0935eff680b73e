import { REMOTE_NAMES, type RemoteManifestRoute, type RemoteName } from '@phoenix/contract';
import { activeMenuTarget, menuInitials, menuLinks, type MenuEntry, type MenuLink } from './menu';
import { SEED_TABLES, composeAdminTable, type RemoteManifests } from '../routes/composeRoutes';
import { adding, ja, page, seedManifests } from '../routes/manifestFixtures';
import { declaredManifests } from '../testing/declaredRoutes';

// The sidebar is composed from the remotes' manifests (remotes/*/src/areas.ts); the seed's order,
// English labels and targets (seed §2, PRODUCT §3) hold it, written out here once more as the spec says.
// Pages a remote adds beyond the seed are checked by rule (and on fixture manifests), never listed here:
// adding one to a remote touches no file of the host.
const manifests = declaredManifests();
const { menu: MENU, routes: ROUTES } = composeAdminTable(manifests);
const en = (menu: readonly MenuEntry[]) => menu.map((e) => e.label.en);
const links = (menu: readonly MenuEntry[] = MENU) => menuLinks(menu).map((l) => [l.label.en, l.target]);
const children = (menu: readonly MenuEntry[], key: string): MenuLink[] => {
  const group = menu.find((e) => e.kind === 'group' && e.key === key);
  return group?.kind === 'group' ? [...group.children] : [];
};

/** The seed's entries, in its order, with its English labels and targets: first at the top level and first in each of its groups. */
function expectSeedMenuHeld(menu: readonly MenuEntry[]): void {
  const head = menu.slice(0, SEED_TABLES.menu.length).map((e, i) => {
    if (e.kind !== 'group') return { label: e.label.en, target: e.target };
    const seedEntry = SEED_TABLES.menu[i];
    const count = seedEntry && 'children' in seedEntry ? seedEntry.children.length : 0;
    return { group: e.key, label: e.label.en, children: e.children.slice(0, count).map((c) => [c.label.en, c.target]) };
  });
  expect(head).toEqual(
    SEED_TABLES.menu.map((e) =>
      'group' in e
        ? { group: e.group, label: e.label, children: e.children.map((c) => [c.label, c.target]) }
        : { label: e.label, target: e.target },
    ),
  );
}

/** The menu's entries beyond the seed's: the links appended to each seed group, and the top-level entries after the seed's. */
function beyondSeed(menu: readonly MenuEntry[]): { inGroup: Record<string, MenuLink[]>; tail: MenuEntry[] } {
  const inGroup: Record<string, MenuLink[]> = {};
  for (const e of SEED_TABLES.menu) if ('group' in e) inGroup[e.group] = children(menu, e.group).slice(e.children.length);
  return { inGroup, tail: menu.slice(SEED_TABLES.menu.length) };
}

/** The pages the manifests declare beyond the seed that have a sidebar entry (a redirect never has one). */
function declaredEntries(m: RemoteManifests): RemoteManifestRoute[] {
  const seedPaths = new Set(SEED_TABLES.routes.map((r) => r.path));
  return Object.values(m).flatMap((x) => (x?.routes ?? []).filter((r) => r.menu && !r.redirectTo && !seedPaths.has(r.path)));
}

describe('menu', () => {
  it('is the seed’s menu table, entry for entry, then the pages the seed lacks', () => {
    expectSeedMenuHeld(MENU);
  });

  it('has the entries PRODUCT §3 lists, in its order, going where it says', () => {
    const spec: [string, string | [string, string][]][] = [
      ['Admin Management', 'management'],
      ['Battle Management', 'battle'],
      ['Present Management', 'present'],
      ['Present 配布', 'present/distribution'],
      ['Shop Management', 'shop'],
      ['Information Management', 'information'],
      ['Health Management', 'health'],
      ['Cooldown Management', 'cooldown'],
      ['TreasureChest Management', 'treasureChest'],
      ['SeasonPass Management', 'seasonPass'],
      ['User Management', 'user'],
      ['Policy Management', 'policies'],
      ['ToS Management', 'terms-of-service'],
      ['ConstantVariable Management', 'constantVariables'],
      ['Maintenance Status', 'maintenance'],
      ['Action Log Management', 'logs'],
      ['Active Flag Management', 'activeFlag'],
      ['Energy Management', 'energy'],
      [
        'Points Management',
        [
          ['Tasks Management', 'points/tasks'],
          ['Users Management', 'points/users'],
          ['LootBox Configuration', 'points-lootbox'],
          ['Staking Configuration', 'points/staking'],
          ['Lottery Configuration', 'points-lottery'],
          ['Spin Configuration', 'points-spin'],
          ['Daily CheckIn Configuration', 'points-daily-checkin'],
          ['Referral Configuration', 'points-referral'],
          ['Maintenance', 'points/maintenance'],
        ],
      ],
      ['DoubleupSeasonHistory Management', 'doubleupSeasonHistory'],
      ['Logout & BattleForceEnd Management', 'logoutAndBattleForceEnd'],
      ['World Message Management', 'worldMessage'],
    ];
    expect(SEED_TABLES.menu.map((e) => [e.label, 'children' in e ? e.children.map((c) => [c.label, c.target]) : e.target])).toEqual(spec);
  });

  it('has every page a remote declares beyond the seed, after the seed’s entries: at the end of its seed group, or of the top level', () => {
    const { inGroup, tail } = beyondSeed(MENU);
    const added = [...Object.values(inGroup).flat(), ...menuLinks(tail)].map((l) => l.target);
    expect([...added].sort()).toEqual(
      declaredEntries(manifests)
        .map((r) => r.path)
        .sort(),
    );
    for (const r of declaredEntries(manifests)) {
      const group = r.menu?.group;
      if (group && group in inGroup) expect([r.path, inGroup[group]!.some((l) => l.target === r.path)]).toEqual([r.path, true]);
      else expect([r.path, menuLinks(tail).some((l) => l.target === r.path)]).toEqual([r.path, true]);
    }
  });

  it('only opens pages of the route table (never a redirect), each once', () => {
    const pages = new Set(ROUTES.filter((r) => !r.redirectTo).map((r) => r.path));
    for (const link of menuLinks(MENU)) expect([link.target, pages.has(link.target)]).toEqual([link.target, true]);
    const targets = menuLinks(MENU).map((l) => l.target);
    expect(new Set(targets).size).toBe(targets.length);
  });

  it('has every entry in Japanese, from the remote that serves it', () => {
    for (const e of [...MENU, ...menuLinks(MENU)]) expect(`${e.label.en}: ${e.label.ja ? 'ja' : 'none'}`).toBe(`${e.label.en}: ja`);
    const declared = Object.values(manifests).flatMap((m) => m?.routes ?? []);
    for (const l of menuLinks(MENU)) {
      const route = declared.find((r) => r.path === l.target);
      expect([l.target, l.label.ja]).toEqual([l.target, route?.menu?.label.ja ?? route?.title.ja]);
    }
    const groups = Object.values(manifests).flatMap((m) => m?.groups ?? []);
    for (const g of MENU.filter((e) => e.kind === 'group')) {
      expect([g.key, g.label.ja]).toEqual([g.key, groups.find((d) => d.key === g.key)?.label.ja]);
    }
  });

  it('finds the entry of a page: the longest target that is the page or a parent of it', () => {
    const fixture: MenuEntry[] = [
      { kind: 'link', label: { en: 'A' }, target: 'a' },
      { kind: 'group', key: 'g', label: { en: 'G' }, children: [{ kind: 'link', label: { en: 'A B' }, target: 'a/b' }] },
      { kind: 'link', label: { en: 'A-C' }, target: 'a-c' },
    ];
    expect(activeMenuTarget('/admin/a', fixture)).toBe('a');
    expect(activeMenuTarget('/admin/a/edit', fixture)).toBe('a');
    expect(activeMenuTarget('/admin/a/b', fixture)).toBe('a/b');
    expect(activeMenuTarget('/admin/a/b/', fixture)).toBe('a/b');
    expect(activeMenuTarget('/admin/a-c', fixture)).toBe('a-c');
    expect(activeMenuTarget('/admin', fixture)).toBeNull();
    expect(activeMenuTarget('/admin/ab', fixture)).toBeNull();
    expect(activeMenuTarget('/auth/a', fixture)).toBeNull();
    // Every entry of the console's menu is the entry of its own page and of the pages under it.
    for (const { target } of menuLinks(MENU)) {
      expect(activeMenuTarget(`/admin/${target}`, MENU)).toBe(target);
      const below = activeMenuTarget(`/admin/${target}/edit`, MENU);
      expect(below === target || below!.startsWith(`${target}/`)).toBe(true);
    }
  });

  it('makes short marks for the minimized sidebar', () => {
    expect(menuInitials('Admin Management')).toBe('AM');
    expect(menuInitials('Logout & BattleForceEnd Management')).toBe('LB');
    expect(menuInitials('Present 配布')).toBe('P配');
    expect(menuInitials('Maintenance')).toBe('M');
  });
});

describe('menu of an environment whose remotes changed', () => {
  it.each(REMOTE_NAMES)(
    'keeps the seed entries of %s in place, in English, when its manifest fails; its other pages go with it',
    (failed) => {
      const changed = { ...manifests, [failed]: null };
      const menu = composeAdminTable(changed).menu;
      expectSeedMenuHeld(menu);
      const gone = new Set(declaredEntries({ [failed]: manifests[failed] }).map((r) => r.path));
      expect(links(menu)).toEqual(links().filter(([, target]) => !gone.has(target)));
      const owner = new Map(SEED_TABLES.routes.map((r) => [r.path, r.remote]));
      for (const l of menuLinks(menu)) {
        const seedOwner = owner.get(l.target);
        if (seedOwner) expect([l.target, !!l.label.ja]).toEqual([l.target, seedOwner !== failed]);
      }
      // A seed group's Japanese label comes from a manifest that declares it, if any is read.
      const groups = Object.values(changed).flatMap((m) => m?.groups ?? []);
      for (const g of menu.filter((e) => e.kind === 'group')) {
        expect([g.key, g.label.ja]).toEqual([g.key, groups.find((d) => d.key === g.key)?.label.ja]);
      }
    },
  );

  const base = seedManifests();
  const SEED_MENU = composeAdminTable(base).menu;
  const seedGroup = SEED_TABLES.menu.find((e) => 'group' in e);
  const groupKey = seedGroup && 'group' in seedGroup ? seedGroup.group : '';
  const [one, two] = [REMOTE_NAMES[0], REMOTE_NAMES[REMOTE_NAMES.length - 1]] as [RemoteName, RemoteName];

  it('from manifests declaring exactly the seed, is the seed’s menu, every entry in Japanese', () => {
    expectSeedMenuHeld(SEED_MENU);
    expect(SEED_MENU).toHaveLength(SEED_TABLES.menu.length);
    expect(beyondSeed(SEED_MENU).inGroup).toEqual({ [groupKey]: [] });
    for (const e of [...SEED_MENU, ...menuLinks(SEED_MENU)]) expect(e.label.ja).toBe(ja(e.label.en));
  });

  it('puts new pages after the seed entries: of their group, or of the top level, by position (seed positions do not move)', () => {
    // Positions lower than any seed entry's: a page the seed lacks still goes after them.
    const menu = composeAdminTable(
      adding(adding(base, one, [page('fixture/replays', 'Replays', 5), page('fixture/quests', 'Quests', 1, groupKey)]), two, [
        page('fixture/badges', 'Badges', -1, groupKey),
        page('fixture/top', 'Top', 2),
      ]),
    ).menu;
    expectSeedMenuHeld(menu);
    const { inGroup, tail } = beyondSeed(menu);
    expect(en(inGroup[groupKey]!)).toEqual(['Badges', 'Quests']);
    expect(en(tail)).toEqual(['Top', 'Replays']);
    expect(menuLinks(menu).find((l) => l.target === 'fixture/quests')?.label).toEqual({ en: 'Quests', ja: ja('Quests') });
  });

  it('puts a group the seed lacks after the seed’s entries, by its position; an unknown group means the top level', () => {
    const menu = composeAdminTable(
      adding(
        base,
        one,
        [
          page('fixture-audit/a', 'Audit A', 2, 'audit'),
          page('fixture-audit/b', 'Audit B', 1, 'audit'),
          page('fixture-banners', 'Banners', 9, 'nowhere'),
          page('fixture-first', 'First', 0),
        ],
        [{ key: 'audit', label: { en: 'Audit', ja: '監査' }, position: 3 }],
      ),
    ).menu;
    expectSeedMenuHeld(menu);
    expect(en(beyondSeed(menu).tail)).toEqual(['First', 'Audit', 'Banners']);
    const audit = menu.find((e) => e.kind === 'group' && e.key === 'audit');
    expect(audit?.kind === 'group' && [audit.label, en(audit.children)]).toEqual([{ en: 'Audit', ja: '監査' }, ['Audit B', 'Audit A']]);
  });

  it('has no entry for a page declared without one, nor for a redirect', () => {
    const menu = composeAdminTable(
      adding(base, one, [page('fixture/hidden', 'Hidden'), { ...page('fixture/old', 'Old', 1), redirectTo: 'fixture/hidden' }]),
    ).menu;
    expect(menu).toEqual(SEED_MENU);
  });

  it('ignores a seed label a manifest would change, in English', () => {
    const target = menuLinks(SEED_MENU)[0]!.target;
    const owner = SEED_TABLES.routes.find((r) => r.path === target)!.remote as RemoteName;
    const m = base[owner]!;
    const renamed = m.routes.map((r) => (r.path === target ? { ...r, menu: { ...r.menu!, label: { en: 'Renamed', ja: '改名' } } } : r));
    const menu = composeAdminTable({ ...base, [owner]: { ...m, routes: renamed } }).menu;
    expect(menuLinks(menu).find((l) => l.target === target)?.label).toEqual({ en: menuLinks(SEED_MENU)[0]!.label.en, ja: '改名' });
  });
});
