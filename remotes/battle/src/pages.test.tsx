import pages from './pages';

describe('battle remote pages', () => {
  it('exposes every battle route under /admin', () => {
    expect(Object.keys(pages).sort()).toEqual(
      ['battle', 'battle/forceEnd', 'cooldown', 'doubleupSeasonHistory', 'energy', 'health', 'logoutAndBattleForceEnd'].sort(),
    );
  });
});
