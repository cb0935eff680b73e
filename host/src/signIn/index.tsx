// The lean sign-in page (login.html, served for /auth/login): React, styled-components and the
// sign-in form only. Not a Module Federation consumer: the console (index.html) loads after sign-in.
import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { readSession, type SessionStorage } from '@phoenix/shell/src/session/session';
import { themeFor } from '@phoenix/ui/src/theme';
import type { EnvironmentName } from '@phoenix/contract';
import { safeReturnTo } from '../auth/signInRules';
import { showBootError } from '../config/bootError';
import { GlobalStyle } from '../layout/GlobalStyle';
import { loadLoginConfig } from './loginConfig';
import { SignInApp } from './SignInApp';

function memoryStorage(): SessionStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** localStorage, or memory when the browser refuses it (the shell's defaultSessionStorage does the same). */
function sessionStorageOfPage(): SessionStorage {
  try {
    if (window.localStorage) return window.localStorage;
  } catch {
    /* access denied */
  }
  return memoryStorage();
}

/** The page the console sent here from (react-router keeps it in history.state.usr.from), if any. */
function returnTarget(): string {
  const state: unknown = window.history.state;
  const from = (state as { usr?: { from?: unknown } } | null)?.usr?.from;
  return safeReturnTo(from) ?? '/admin';
}

async function start(): Promise<void> {
  const storage = sessionStorageOfPage();
  const target = returnTarget();
  const navigate = (url: string) => window.location.replace(url);
  // Holding a session (or a legacy record the console signs in with): straight to the console (seed §2).
  if (readSession(storage) !== null) return navigate(target);
  const config = await loadLoginConfig();
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={themeFor(config.environment as EnvironmentName)}>
      <GlobalStyle />
      <SignInApp config={config} target={target} storage={storage} navigate={navigate} />
    </ThemeProvider>,
  );
}

start().catch((error: unknown) => showBootError(error instanceof Error ? error.message : String(error)));
