import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import type { RuntimeConfig } from '@phoenix/contract';
import { themeFor } from '@phoenix/ui';
import { VersionsTable } from '../about/AboutPage';
import { RemoteIncompatible } from './RemotePage';
import { RemoteIncompatibleError, checkCompatibility, type BuildInfo } from './compatibility';
import { collectVersions } from './versions';
import { hostBuild } from '../testing/buildInfo';

const host = hostBuild();
const info = (name: string, version: string, shellContract = '^1.0.0'): BuildInfo => ({
  name,
  version,
  shellContract,
  singletons: { react: '19.3.1' },
});

const config = {
  environment: 'stg',
  remotes: {
    system: { version: '1.0.0', entry: '/remotes/system/1.0.0/mf-manifest.json' },
    'user-policy': { version: '1.0.0', entry: '/remotes/user-policy/1.0.0/mf-manifest.json' },
    present: { version: '1.0.0', entry: '/remotes/present/1.0.0/mf-manifest.json' },
    battle: { version: '2.0.0', entry: '/remotes/battle/2.0.0/mf-manifest.json' },
    points: { version: '1.4.0', entry: '/remotes/points/1.4.0/mf-manifest.json' },
  },
} as Pick<RuntimeConfig, 'environment' | 'remotes'>;

test('collectVersions reports configured and released versions and compatibility with this host', async () => {
  const report = await collectVersions(
    config,
    async (name) =>
      name === 'present' ? null : info(name, config.remotes[name].version ?? '0.0.0', name === 'battle' ? '^2.0.0' : '^1.0.0'),
    host,
  );
  expect(report.environment).toBe('stg');
  expect(report.host?.version).toBe('1.0.0');
  const byName = Object.fromEntries(report.remotes.map((r) => [r.name, r]));
  expect(byName.points).toMatchObject({ configuredVersion: '1.4.0', compatible: true, problems: [] });
  expect(byName.battle).toMatchObject({ configuredVersion: '2.0.0', compatible: false });
  expect(byName.battle.problems[0]).toMatch(/needs shell contract \^2\.0\.0/);
  expect(byName.present).toMatchObject({ compatible: undefined, problems: ['its build-info.json could not be read'] });

  render(
    <ThemeProvider theme={themeFor('stg')}>
      <VersionsTable report={report} />
    </ThemeProvider>,
  );
  const table = screen.getByRole('table', { name: 'Host and remote versions' });
  const battle = within(table).getByRole('row', { name: /^battle/ });
  expect(battle).toHaveTextContent('2.0.0');
  expect(battle).toHaveTextContent('not compatible');
  expect(within(table).getByRole('row', { name: /^points/ })).toHaveTextContent('compatible');
  expect(within(table).getByRole('row', { name: /^host/ })).toHaveTextContent('provides 1.0.0');
});

test('the incompatible panel names the version, the range it needs and what the console provides', () => {
  const remote = info('@phoenix/remote-battle', '2.0.0', '^2.0.0');
  const error = new RemoteIncompatibleError('battle', remote, checkCompatibility(host, remote));
  const reload = jest.fn();
  render(
    <ThemeProvider theme={themeFor('stg')}>
      <RemoteIncompatible error={error} onReload={reload} />
    </ThemeProvider>,
  );
  const panel = screen.getByRole('alert');
  expect(panel).toHaveTextContent('This module is not compatible with this console');
  expect(panel).toHaveTextContent('battle 2.0.0');
  expect(panel).toHaveTextContent('^2.0.0');
  expect(panel).toHaveTextContent('provides shell 1.0.0');
  screen.getByRole('button', { name: 'Reload the console' }).click();
  expect(reload).toHaveBeenCalled();
});
