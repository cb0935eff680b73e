import { createHash, webcrypto } from 'node:crypto';
import { integrityFailure, integrityPlugin, RemoteIntegrityError, sha384, type PinOf } from './integrity';

// jsdom has no WebCrypto digest: Node's, as the browser's would be there.
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

const entry = 'console.log("the battle remote");\n';
const pinned = `sha384-${createHash('sha384').update(entry).digest('base64')}`;
const url = 'http://static.example/remotes/battle/1.0.0/remoteEntry.js';
const pinOf: PinOf = (name) => (name === 'battle' ? { remote: 'battle', integrity: pinned } : undefined);
const plugin = integrityPlugin(pinOf);

type Hook<K extends keyof typeof plugin> = Extract<NonNullable<(typeof plugin)[K]>, (...args: never[]) => unknown>;
const createScript = (args: Record<string, unknown>) => (plugin.createScript as (a: unknown) => HTMLScriptElement | undefined)(args);
const remoteInfo = (name: string, more: Record<string, unknown> = {}) => ({
  name,
  entry: url,
  type: 'global',
  entryGlobalName: name,
  ...more,
});
const served = (body: string, status = 200) => (async () => new Response(body, { status })) as unknown as typeof fetch;

test('sha384 writes the Subresource Integrity form that build-info.json records', async () => {
  expect(await sha384(new TextEncoder().encode(entry).buffer as ArrayBuffer)).toBe(pinned);
});

test("a pinned remote's entry script carries its pin and a CORS fetch, so the browser refuses other bytes", () => {
  const script = createScript({ url, remoteInfo: remoteInfo('battle'), resourceContext: { resourceType: 'remoteEntry' } });
  expect(script?.src).toBe(url);
  expect(script?.integrity).toBe(pinned);
  expect(script?.crossOrigin).toBe('anonymous');
});

test('no pin, or not the entry: the runtime creates its script as before', () => {
  expect(createScript({ url, remoteInfo: remoteInfo('system') })).toBeUndefined();
  expect(
    createScript({ url: 'http://static.example/1.js', remoteInfo: remoteInfo('battle'), resourceContext: { resourceType: 'js' } }),
  ).toBeUndefined();
  expect(createScript({ url })).toBeUndefined();
});

test('a manifest cannot move a pinned remote off a pinnable script, nor have the runtime inject its chunks first', () => {
  const loadEntry = plugin.loadEntry as Hook<'loadEntry'>;
  const args = (info: Record<string, unknown>) => ({ remoteInfo: info }) as unknown as Parameters<Hook<'loadEntry'>>[0];
  expect(() => loadEntry(args(remoteInfo('battle', { type: 'esm' })))).toThrow(RemoteIntegrityError);
  expect(() => loadEntry(args(remoteInfo('battle', { entryGlobalName: 'system' })))).toThrow(/cannot cover/);
  expect(loadEntry(args(remoteInfo('battle')))).toBeUndefined();
  expect(loadEntry(args(remoteInfo('system', { type: 'esm' })))).toBeUndefined(); // not pinned: unchanged

  const preloadOps = [{ nameOrAlias: 'battle' }, { nameOrAlias: 'system' }];
  (plugin.beforePreloadRemote as Hook<'beforePreloadRemote'>)({ preloadOps } as unknown as Parameters<Hook<'beforePreloadRemote'>>[0]);
  expect(preloadOps).toEqual([{ nameOrAlias: 'system' }]);
});

describe('after a pinned remote failed to load', () => {
  beforeAll(() => createScript({ url, remoteInfo: remoteInfo('battle'), resourceContext: { resourceType: 'remoteEntry' } }));

  test('other bytes from the server: refused, saying both digests', async () => {
    const refusal = await integrityFailure('battle', 'battle', pinned, served(entry.replace('battle', 'Battle')));
    expect(refusal).toBeInstanceOf(RemoteIntegrityError);
    expect(refusal?.served).toMatch(/^sha384-/);
    expect(refusal?.message).toContain(`pinned ${pinned}`);
  });

  test('the pinned bytes, or no answer: not an integrity failure (the usual error stands)', async () => {
    expect(await integrityFailure('battle', 'battle', pinned, served(entry))).toBeNull();
    expect(await integrityFailure('battle', 'battle', pinned, served('', 404))).toBeNull();
    const down = (async () => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    expect(await integrityFailure('battle', 'battle', pinned, down)).toBeNull();
  });
});
