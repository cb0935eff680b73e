import { REMOTE_NAMES } from '@phoenix/contract';
import { loadLoginConfig } from '../signIn/loginConfig';
import { loadRuntimeConfig } from './loadRuntimeConfig';

const valid = {
  environment: 'stg',
  apiBase: 'https://api.stg.example',
  pointsApiBase: 'https://points.stg.example',
  chainRpcUrl: 'https://rpc.example',
  stakingContractAddress: `0x${'a'.repeat(40)}`,
  remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, { entry: `/remotes/${name}/mf-manifest.json` }])),
};

const answering = (status: number, body: string) => (async () => new Response(body, { status })) as typeof fetch;
const unreachable = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;

describe.each([
  ['the console', loadRuntimeConfig],
  ['the sign-in page', loadLoginConfig],
])('%s reads /config.json', (_who, load) => {
  test('a valid file gives its apiBase and environment', async () => {
    await expect(load('/config.json', answering(200, JSON.stringify(valid)))).resolves.toMatchObject({
      apiBase: 'https://api.stg.example',
      environment: 'stg',
    });
  });

  test('each failure says what went wrong, in the same words', async () => {
    await expect(load('/config.json', unreachable)).rejects.toThrow(
      "Could not fetch /config.json: check that the console's server is running.",
    );
    await expect(load('/config.json', answering(404, 'no'))).rejects.toThrow('Could not fetch /config.json (HTTP 404).');
    await expect(load('/config.json', answering(200, '{not json'))).rejects.toThrow('/config.json is not valid JSON.');
    await expect(load('/config.json', answering(200, JSON.stringify({ ...valid, apiBase: 'not a url' })))).rejects.toThrow(
      /\/config\.json is invalid: apiBase: Invalid URL/,
    );
  });
});

describe('the request started by the entry (earlyConfig)', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    jest.resetModules();
  });

  test('the console reads the early answer once, then asks again; a failed early request reports the same words', async () => {
    const calls: string[] = [];
    const bodies = [JSON.stringify(valid), JSON.stringify({ ...valid, environment: 'prd' })];
    global.fetch = (async (url: string) => {
      calls.push(url);
      return new Response(bodies.shift() ?? '{}', { status: 200 });
    }) as typeof fetch;
    await jest.isolateModulesAsync(async () => {
      const { startConfigFetch } = await import('./earlyConfig');
      const { loadRuntimeConfig: load } = await import('./loadRuntimeConfig');
      startConfigFetch();
      startConfigFetch(); // once only
      expect(calls).toEqual(['/config.json']);
      await expect(load()).resolves.toMatchObject({ environment: 'stg' });
      await expect(load()).resolves.toMatchObject({ environment: 'prd' });
      expect(calls).toHaveLength(2);
    });
    global.fetch = unreachable;
    await jest.isolateModulesAsync(async () => {
      const { startConfigFetch } = await import('./earlyConfig');
      const { loadRuntimeConfig: load } = await import('./loadRuntimeConfig');
      startConfigFetch();
      await expect(load()).rejects.toThrow("Could not fetch /config.json: check that the console's server is running.");
    });
  });
});
