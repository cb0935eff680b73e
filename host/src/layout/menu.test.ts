import '@phoenix/shell/src/auth/testing';
import { MENU, activeMenuTarget, menuInitials, menuLinks } from './menu';
import { ADMIN_ROUTES } from '../routes/routeTable';

jest.mock('../federation/RemotePage', () => ({ RemotePage: () => null }));

describe('menu', () => {
  it('has the seed entries in order', () => {
    expect(MENU.map((e) => e.label)).toEqual([
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
    ]);
  });

  it('goes where PRODUCT §3 says', () => {
    const targets = Object.fromEntries(menuLinks().map((l) => [l.label, l.target]));
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
      'DoubleupSeasonHistory Management': 'doubleupSeasonHistory',
      'Logout & BattleForceEnd Management': 'logoutAndBattleForceEnd',
      'World Message Management': 'worldMessage',
    });
  });

  it('has the Points children in seed order', () => {
    const group = MENU.find((e) => e.kind === 'group');
    expect(group?.kind === 'group' ? group.children.map((c) => c.label) : []).toEqual([
      'Tasks Management',
      'Users Management',
      'LootBox Configuration',
      'Staking Configuration',
      'Lottery Configuration',
      'Spin Configuration',
      'Daily CheckIn Configuration',
      'Referral Configuration',
      'Maintenance',
    ]);
  });

  it('only opens pages of the route table (never a redirect)', () => {
    const pages = new Set(ADMIN_ROUTES.filter((r) => !r.redirectTo).map((r) => r.path));
    for (const link of menuLinks()) expect(pages.has(link.target)).toBe(true);
  });

  it('finds the entry of a page', () => {
    expect(activeMenuTarget('/admin/present')).toBe('present');
    expect(activeMenuTarget('/admin/present/edit')).toBe('present');
    expect(activeMenuTarget('/admin/present/distribution')).toBe('present/distribution');
    expect(activeMenuTarget('/admin/points/tasks')).toBe('points/tasks');
    expect(activeMenuTarget('/admin/points-spin')).toBe('points-spin');
    expect(activeMenuTarget('/admin')).toBeNull();
    expect(activeMenuTarget('/admin/presents')).toBeNull();
  });

  it('makes short marks for the minimized sidebar', () => {
    expect(menuInitials('Admin Management')).toBe('AM');
    expect(menuInitials('Logout & BattleForceEnd Management')).toBe('LB');
    expect(menuInitials('Present 配布')).toBe('P配');
    expect(menuInitials('Maintenance')).toBe('M');
  });
});
