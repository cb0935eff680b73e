import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { runtimeConfigAtom, shellStore, ShellProviders } from '@phoenix/shell';
import { themeFor } from '@phoenix/ui';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { setConfiguredRemoteEntries } from './federation/config';
import { createAppRouter, prepareSession } from './App';

function showBootError(message: string): void {
  const root = document.getElementById('root')!;
  const box = document.createElement('div');
  box.id = 'boot-error';
  box.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'Phoenix Admin could not start';
  const detail = document.createElement('p');
  detail.textContent = message; // textContent: never HTML
  box.append(title, detail);
  root.replaceChildren(box);
}

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
