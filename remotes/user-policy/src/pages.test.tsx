import pages from './pages';

describe('user-policy remote pages', () => {
  it('exposes every user-policy route under /admin', () => {
    expect(Object.keys(pages).sort()).toEqual(
      [
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
      ].sort(),
    );
  });
});
