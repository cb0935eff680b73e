import type { RemoteRoutesManifest } from '@phoenix/contract';
import { activeMenuTarget, menuInitials, menuLinks, type MenuEntry } from './menu';
import { SEED_TABLES, composeAdminTable, type RemoteManifests } from '../routes/composeRoutes';
import { declaredManifests } from '../testing/declaredRoutes';

// The sidebar is composed from the remotes' manifests (remotes/*/src/routes.ts); the seed's order,
// English labels and targets (seed §2, PRODUCT §3) hold it, written out here once more as the spec says.
const { menu: MENU, routes: ROUTES } = composeAdminTable(declaredManifests());
const en = (menu: readonly MenuEntry[]) => menu.map((e) => e.label.en);
const links = (menu: readonly MenuEntry[] = MENU) => menuLinks(menu).map((l) => [l.label.en, l.target]);

describe('menu', () => {
  it('is the seed’s menu table, entry for entry', () => {
    const seed = SEED_TABLES.menu.map((e) =>
      'group' in e ? { label: e.label, children: e.children.map((c) => [c.label, c.target]) } : { label: e.label, target: e.target },
    );
    const composed = MENU.map((e) =>
      e.kind === 'group'
        ? { label: e.label.en, children: e.children.map((c) => [c.label.en, c.target]) }
        : { label: e.label.en, target: e.target },
    );
    // Pages the seed lacks come after its entries: the Economy Report at the end of its group.
    expect(composed.slice(0, seed.length)).toEqual(
      seed.map((e) =>
        e.children && e.label === 'Points Management' ? { ...e, children: [...e.children, ['Economy Report', 'points/economy']] } : e,
      ),
    );
    expect(composed.slice(seed.length)).toEqual([{ label: 'Change Requests', target: 'requests' }]);
  });

  it('has the seed entries in order', () => {
    expect(en(MENU)).toEqual([
      'Admin Management',
      'Battle Management',
      'Present Management',
      'Present 配布',
      'Shop Management',
      'Information Management',
      'Health Management',
      'Cooldown Management',
      'TreasureChest Management',
      'SeasonPass Management',
      'User Management',
      'Policy Management',
      'ToS Management',
      'ConstantVariable Management',
      'Maintenance Status',
      'Action Log Management',
      'Active Flag Management',
      'Energy Management',
      'Points Management',
      'DoubleupSeasonHistory Management',
      'Logout & BattleForceEnd Management',
      'World Message Management',
      'Change Requests',
    ]);
  });

  it('goes where PRODUCT §3 says', () => {
    const targets = Object.fromEntries(links());
    expect(targets).toEqual({
      'Admin Management': 'management',
      'Battle Management': 'battle',
      'Present Management': 'present',
      'Present 配布': 'present/distribution',
      'Shop Management': 'shop',
      'Information Management': 'information',
      'Health Management': 'health',
      'Cooldown Management': 'cooldown',
      'TreasureChest Management': 'treasureChest',
      'SeasonPass Management': 'seasonPass',
      'User Management': 'user',
      'Policy Management': 'policies',
      'ToS Management': 'terms-of-service',
      'ConstantVariable Management': 'constantVariables',
      'Maintenance Status': 'maintenance',
      'Action Log Management': 'logs',
      'Active Flag Management': 'activeFlag',
      'Energy Management': 'energy',
      'Tasks Management': 'points/tasks',
      'Users Management': 'points/users',
      'LootBox Configuration': 'points-lootbox',
      'Staking Configuration': 'points/staking',
      'Lottery Configuration': 'points-lottery',
      'Spin Configuration': 'points-spin',
      'Daily CheckIn Configuration': 'points-daily-checkin',
      'Referral Configuration': 'points-referral',
      Maintenance: 'points/maintenance',
      'Economy Report': 'points/economy',
      'DoubleupSeasonHistory Management': 'doubleupSeasonHistory',
      'Logout & BattleForceEnd Management': 'logoutAndBattleForceEnd',
      'World Message Management': 'worldMessage',
      'Change Requests': 'requests',
    });
  });

  it('has the Points children in seed order', () => {
    const group = MENU.find((e) => e.kind === 'group');
    expect(group?.kind === 'group' ? en(group.children) : []).toEqual([
      'Tasks Management',
      'Users Management',
      'LootBox Configuration',
      'Staking Configuration',
      'Lottery Configuration',
      'Spin Configuration',
      'Daily CheckIn Configuration',
      'Referral Configuration',
      'Maintenance',
      'Economy Report',
    ]);
  });

  it('only opens pages of the route table (never a redirect)', () => {
    const pages = new Set(ROUTES.filter((r) => !r.redirectTo).map((r) => r.path));
    for (const link of menuLinks(MENU)) expect(pages.has(link.target)).toBe(true);
  });

  it('has every entry in Japanese, from the remote that serves it', () => {
    for (const e of [...MENU, ...menuLinks(MENU)]) expect(`${e.label.en}: ${e.label.ja ? 'ja' : 'none'}`).toBe(`${e.label.en}: ja`);
    expect(MENU.find((e) => e.kind === 'group')?.label.ja).toBe('ポイント管理');
  });

  it('finds the entry of a page', () => {
    expect(activeMenuTarget('/admin/present', MENU)).toBe('present');
    expect(activeMenuTarget('/admin/present/edit', MENU)).toBe('present');
    expect(activeMenuTarget('/admin/present/distribution', MENU)).toBe('present/distribution');
    expect(activeMenuTarget('/admin/points/tasks', MENU)).toBe('points/tasks');
    expect(activeMenuTarget('/admin/points-spin', MENU)).toBe('points-spin');
    expect(activeMenuTarget('/admin', MENU)).toBeNull();
    expect(activeMenuTarget('/admin/presents', MENU)).toBeNull();
  });

  it('makes short marks for the minimized sidebar', () => {
    expect(menuInitials('Admin Management')).toBe('AM');
    expect(menuInitials('Logout & BattleForceEnd Management')).toBe('LB');
    expect(menuInitials('Present 配布')).toBe('P配');
    expect(menuInitials('Maintenance')).toBe('M');
  });
});

describe('menu of an environment whose remotes changed', () => {
  const manifests = declaredManifests();
  const page = (path: string, label: string, position: number, group?: string) => ({
    path,
    name: path.replace(/\W(\w)/g, (_, c: string) => c.toUpperCase()),
    title: { en: label, ja: `${label} (ja)` },
    menu: { label: { en: label, ja: `${label} (ja)` }, position, ...(group ? { group } : {}) },
  });
  const adding = (
    name: keyof RemoteManifests,
    extra: RemoteRoutesManifest['routes'],
    groups?: RemoteRoutesManifest['groups'],
    base: RemoteManifests = manifests,
  ): RemoteManifests => {
    const m = base[name]!;
    return { ...base, [name]: { ...m, routes: [...m.routes, ...extra], groups: [...(m.groups ?? []), ...(groups ?? [])] } };
  };

  it('keeps a failed remote’s seed entries in place, in English', () => {
    const menu = composeAdminTable({ ...manifests, battle: null, points: null }).menu;
    // The seed's entries stay; a page the seed lacks goes with its remote.
    expect(links(menu)).toEqual(links().filter(([, target]) => target !== 'points/economy'));
    expect(menuLinks(menu).find((l) => l.target === 'battle')?.label).toEqual({ en: 'Battle Management', ja: undefined });
    expect(menuLinks(menu).find((l) => l.target === 'management')?.label.ja).toBe('管理者管理');
  });

  it('puts new pages after the seed entries: of their group, or of the top level, by position (seed positions do not move)', () => {
    const withReplays = adding('battle', [page('battle/replays', 'Battle Replays', 5)]);
    const menu = composeAdminTable(
      adding('points', [page('points/quests', 'Quests', 1, 'points'), page('points/badges', 'Badges', 0, 'points')], [], withReplays),
    ).menu;
    expect(en(menu)).toEqual([...en(MENU).slice(0, -1), 'Battle Replays', 'Change Requests']);
    const group = menu.find((e) => e.kind === 'group');
    expect(group?.kind === 'group' && en(group.children).slice(-4)).toEqual(['Maintenance', 'Badges', 'Quests', 'Economy Report']);
  });

  it('puts a group the seed lacks after the seed’s entries, by its position; an unknown group means the top level', () => {
    const menu = composeAdminTable(
      adding(
        'system',
        [page('audit/a', 'Audit A', 2, 'audit'), page('audit/b', 'Audit B', 1, 'audit'), page('banners', 'Banners', 9, 'nowhere')],
        [{ key: 'audit', label: { en: 'Audit', ja: '監査' }, position: 3 }],
      ),
    ).menu;
    expect(en(menu).slice(-3)).toEqual(['Audit', 'Banners', 'Change Requests']);
    const audit = menu.find((e) => e.kind === 'group' && e.key === 'audit');
    expect(audit?.kind === 'group' && [audit.label, en(audit.children)]).toEqual([{ en: 'Audit', ja: '監査' }, ['Audit B', 'Audit A']]);
  });

  it('ignores a seed label a manifest would change, in English', () => {
    const battle = manifests.battle!;
    const renamed = battle.routes.map((r) =>
      r.path === 'battle' ? { ...r, menu: { ...r.menu!, label: { en: 'Battles', ja: 'バトル' } } } : r,
    );
    const menu = composeAdminTable({ ...manifests, battle: { ...battle, routes: renamed } }).menu;
    expect(menuLinks(menu).find((l) => l.target === 'battle')?.label).toEqual({ en: 'Battle Management', ja: 'バトル' });
  });
});
