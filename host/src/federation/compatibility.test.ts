import { hostBuild } from '../testing/buildInfo';
import { checkCompatibility, satisfies, type BuildInfo } from './compatibility';

const host = hostBuild({ shellVersion: '1.2.0' });
const remote = (over: Partial<BuildInfo> = {}): BuildInfo => ({
  name: '@phoenix/remote-battle',
  version: '1.1.0',
  shellContract: '^1.0.0',
  singletons: { react: '19.0.0' },
  ...over,
});

test.each([
  ['1.2.0', '^1.0.0', true],
  ['2.0.0', '^1.0.0', false],
  ['1.2.0', '~1.2.0', true],
  ['1.3.0', '~1.2.0', false],
  ['0.2.5', '^0.2.1', true],
  ['0.3.0', '^0.2.1', false],
  ['1.2.0', '1.2.0', true],
  ['1.5.0', '>=1.2.0 <2.0.0', true],
  ['2.1.0', '^1.0.0 || ^2.0.0', true],
  ['2.0.0-rc.1', '^1.0.0', false],
  ['1.0.0', 'nonsense', false],
])('%s satisfies %s: %s', (version, range, expected) => {
  expect(satisfies(version, range)).toBe(expected);
});

test('a remote needing the shell contract the host provides is compatible', () => {
  expect(checkCompatibility(host, remote())).toEqual({ compatible: true, provides: '1.2.0', problems: [] });
});

test('a remote needing a newer shell contract is not, and says why', () => {
  const result = checkCompatibility(host, remote({ shellContract: '^2.0.0' }));
  expect(result.compatible).toBe(false);
  expect(result.problems).toEqual(['it needs shell contract ^2.0.0, this console provides 1.2.0']);
});

test('a remote built with another major of a singleton is not', () => {
  expect(checkCompatibility(host, remote({ singletons: { react: '18.3.1' } })).problems).toEqual([
    'it was built with react 18.3.1, this console shares react 19.3.1',
  ]);
});

test('a remote needing a singleton the host does not share is not (it carries no copy of its own)', () => {
  expect(checkCompatibility(host, remote({ singletons: { react: '19.0.0', 'left-pad': '1.3.0' } })).problems).toEqual([
    'it needs left-pad 1.3.0, which this console does not share',
  ]);
});
