import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { runtimeConfigAtom, shellStore, ShellProviders } from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { showBootError } from './config/bootError';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { setConfiguredRemoteEntries } from './federation/config';
import { createAppRouter, prepareSession } from './App';

async function start(): Promise<void> {
  const config = await loadRuntimeConfig();
  shellStore.set(runtimeConfigAtom, config);
  setConfiguredRemoteEntries(config.remotes); // registered with the federation runtime on first use
  await prepareSession();
  createRoot(document.getElementById('root')!).render(
    <ShellProviders theme={themeFor(config.environment)}>
      <RouterProvider router={createAppRouter()} />
    </ShellProviders>,
  );
}

start().catch((error: unknown) => showBootError(error instanceof Error ? error.message : String(error)));
