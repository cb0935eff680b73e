import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkCompatibility, compareVersions, isValidRange, satisfies } from '../lib/semver.mjs';

describe('semver', () => {
  it('orders versions, pre-releases first', () => {
    const sorted = ['1.10.0', '1.2.0', '1.2.0-rc.1', '0.9.9', '1.2.0-beta', '2.0.0'].sort(compareVersions);
    assert.deepEqual(sorted, ['0.9.9', '1.2.0-beta', '1.2.0-rc.1', '1.2.0', '1.10.0', '2.0.0']);
  });

  const cases = [
    ['1.0.0', '^1.0.0', true],
    ['1.9.3', '^1.0.0', true],
    ['2.0.0', '^1.0.0', false],
    ['0.9.0', '^1.0.0', false],
    ['0.2.5', '^0.2.1', true],
    ['0.3.0', '^0.2.1', false],
    ['0.0.3', '^0.0.3', true],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.4.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['5.0.0', '*', true],
    ['1.5.0', '>=1.2.0 <2.0.0', true],
    ['2.1.0', '^1.0.0 || ^2.0.0', true],
    ['3.0.0', '^1.0.0 || ^2.0.0', false],
    ['2.0.0-rc.1', '^1.0.0', false],
    ['2.0.0-rc.1', '^2.0.0', false],
    ['2.0.0-rc.2', '^2.0.0-rc.1', true],
    ['not-a-version', '*', false],
  ];
  for (const [version, range, expected] of cases) {
    it(`${version} ${expected ? 'satisfies' : 'does not satisfy'} ${range}`, () => assert.equal(satisfies(version, range), expected));
  }

  it('validates ranges', () => {
    assert.ok(isValidRange('^1.0.0'));
    assert.ok(isValidRange('>= 1.0.0 < 2'));
    assert.ok(!isValidRange('^banana'));
  });
});

describe('checkCompatibility', () => {
  const host = {
    name: '@phoenix/host',
    version: '1.3.0',
    shellContract: '^1.0.0',
    shellVersion: '1.2.0',
    singletons: { react: '19.3.1', jotai: '2.20.3' },
  };
  const remote = (over = {}) => ({
    name: '@phoenix/remote-points',
    version: '1.4.0',
    shellContract: '^1.0.0',
    singletons: { react: '19.0.0', jotai: '2.1.0' },
    ...over,
  });

  it('accepts a remote whose shell range the host provides and whose singletons share majors', () => {
    assert.deepEqual(checkCompatibility(host, remote()), { compatible: true, problems: [] });
  });
  it('refuses a newer shell contract, saying what is needed and provided', () => {
    const result = checkCompatibility(host, remote({ shellContract: '^2.0.0' }));
    assert.equal(result.compatible, false);
    assert.deepEqual(result.problems, ['needs shell contract ^2.0.0 but the host 1.3.0 provides shell 1.2.0']);
  });
  it('refuses a singleton of another major', () => {
    const result = checkCompatibility(host, remote({ singletons: { react: '18.3.1' } }));
    assert.deepEqual(result.problems, ['was built with react 18.3.1 but the host shares react 19.3.1']);
  });
  it('refuses a singleton the host does not share (the remote carries no copy of its own)', () => {
    const result = checkCompatibility(host, remote({ singletons: { react: '19.0.0', 'left-pad': '1.3.0' } }));
    assert.deepEqual(result.problems, ['needs left-pad 1.3.0, which the host does not share']);
  });
  it('refuses a minor the host does not reach', () => {
    assert.equal(checkCompatibility(host, remote({ shellContract: '^1.3.0' })).compatible, false);
  });
});
