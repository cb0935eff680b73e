import pages from './pages';

describe('system remote pages', () => {
  it('exposes every system route under /admin', () => {
    expect(Object.keys(pages).sort()).toEqual(
      [
        'activeFlag',
        'constantVariables',
        'constantVariables/create',
        'constantVariables/edit',
        'information',
        'logs',
        'maintenance',
        'worldMessage',
      ].sort(),
    );
  });
});
