import { defaultHandlers, renderApp, storeSession } from '../testing/renderApp';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RuntimeConfig } from '@phoenix/contract';
import { changeLanguage } from '@phoenix/shell';
import { fullLoad, setConfiguredRemoteEntries, setRemoteChoices } from '../federation/config';

jest.mock('../federation/RemotePage', () => require('../testing/RemotePageMock'));

let cleanupFetch: (() => void) | undefined;
beforeEach(() => {
  window.localStorage.clear();
  storeSession();
  setConfiguredRemoteEntries({ points: { version: '1.4.0', entry: '/remotes/points/1.4.0/mf-manifest.json' } } as RuntimeConfig['remotes']);
});
afterEach(() => {
  cleanupFetch?.();
  setRemoteChoices({});
  changeLanguage('en');
  jest.restoreAllMocks();
});

const override = () =>
  setRemoteChoices({ points: { remote: 'points', version: '1.3.0', reason: 'override', stableVersion: '1.4.0', canaryVersion: '1.5.0' } });

async function start(path: string, options: Parameters<typeof renderApp>[1] = {}) {
  const app = await renderApp(path, options);
  cleanupFetch = app.restoreFetch;
  await screen.findByRole('main');
  return app;
}

describe('the QA override banner', () => {
  it('names the override on every page, and one click ends it and loads the page on its pin', async () => {
    override();
    const load = jest.spyOn(fullLoad, 'to').mockImplementation(() => {});
    const deleted: string[] = [];
    const { router } = await start('/admin', {
      handlers: defaultHandlers({ 'DELETE /releases/overrides/points': ({ path }) => (deleted.push(path), { status: 204 }) }),
    });
    const banner = screen.getByRole('region', { name: 'QA override in this browser' });
    expect(within(banner).getByRole('status')).toHaveTextContent('QA override: points 1.3.0 instead of 1.4.0 in this browser');

    await router.navigate('/admin/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About / versions' })).toBeInTheDocument();
    const still = screen.getByRole('region', { name: 'QA override in this browser' });
    expect(still).toHaveTextContent('QA override: points 1.3.0 instead of 1.4.0 in this browser');

    await userEvent.click(within(still).getByRole('button', { name: 'Back to the pin' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(deleted).toEqual(['/releases/overrides/points']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says why the override could not be ended, and stays', async () => {
    override();
    const load = jest.spyOn(fullLoad, 'to').mockImplementation(() => {});
    await start('/admin', {
      handlers: defaultHandlers({
        'DELETE /releases/overrides/points': () => ({ status: 503, body: { error: { code: 'internal_error', message: 'down' } } }),
      }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Back to the pin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The override could not be ended');
    expect(load).not.toHaveBeenCalled();
  });

  it('is in Japanese in Japanese', async () => {
    override();
    await start('/admin', { language: 'ja' });
    const banner = screen.getByRole('region', { name: 'このブラウザーの QA オーバーライド' });
    expect(banner).toHaveTextContent('このブラウザーでは points 1.4.0 の代わりに 1.3.0 を使用中');
    expect(within(banner).getByRole('button', { name: 'ピン留めに戻す' })).toBeInTheDocument();
  });

  it('is not there without an override, a canary is no override', async () => {
    setRemoteChoices({
      points: { remote: 'points', version: '1.5.0', reason: 'canary-percent', stableVersion: '1.4.0', canaryVersion: '1.5.0' },
    });
    await start('/admin');
    expect(screen.queryByRole('region', { name: 'QA override in this browser' })).toBeNull();
  });
});
