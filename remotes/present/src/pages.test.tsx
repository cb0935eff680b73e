import pages from './pages';

describe('present remote pages', () => {
  it('exposes every present route under /admin', () => {
    expect(Object.keys(pages).sort()).toEqual(
      ['present', 'present/create', 'present/edit', 'present/distribution', 'shop', 'shop/edit', 'treasureChest', 'seasonPass'].sort(),
    );
  });
});
