import { createRoot } from 'react-dom/client';
import { ThemeProvider } from 'styled-components';
import { readSession, type SessionStorage } from '@phoenix/shell/src/session/session';
import { themeFor } from '@phoenix/ui/src/theme';
import type { EnvironmentName } from '@phoenix/contract';
import { safeReturnTo } from './signInRules';
import { GlobalStyle } from '../layout/GlobalStyle';
import { loadLoginConfig } from './loginConfig';
import { SignInApp } from './SignInApp';

function memoryStorage(): SessionStorage {
  const map = new Map<string, string>();
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

/** localStorage, or memory when the browser refuses it (the shell's defaultSessionStorage does the same). */
export function pageSessionStorage(): SessionStorage {
  try {
    if (window.localStorage) return window.localStorage;
  } catch {
    /* access denied */
  }
  return memoryStorage();
}

/** Where to go once signed in: the page the console sent here from (react-router's history.state.usr.from), else /admin. */
export function returnTarget(historyState: unknown = window.history.state): string {
  const from = (historyState as { usr?: { from?: unknown } } | null)?.usr?.from;
  return safeReturnTo(from) ?? '/admin';
}

/**
 * The token of an invitation link (/auth/login#invitation=…), taken out of the address bar at once
 * (the fragment never reaches a server; it should not stay in the history either).
 */
export function takeInvitationToken(location: Location = window.location, history: History = window.history): string | undefined {
  const token = new URLSearchParams(location.hash.slice(1)).get('invitation') ?? undefined;
  if (token !== undefined) history.replaceState(history.state, '', location.pathname + location.search);
  return token && /^[\w-]{20,200}$/.test(token) ? token : undefined;
}

export interface SignInPageEnv {
  root: HTMLElement;
  storage?: SessionStorage;
  navigate?: (url: string) => void;
  fetch?: typeof fetch;
}

/**
 * Starts the lean sign-in page: with a stored session (or a legacy record the console signs in
 * with) straight on to the console (seed §2); else /config.json, then the form.
 * Rejects when /config.json is missing or invalid (the caller shows the boot error).
 */
export async function startSignInPage({
  root,
  storage = pageSessionStorage(),
  navigate = (url) => window.location.replace(url),
  fetch,
}: SignInPageEnv): Promise<void> {
  const target = returnTarget();
  const invitationToken = takeInvitationToken();
  // An invitation link opens its form even in a browser signed in as somebody else.
  if (readSession(storage) !== null && !invitationToken) return navigate(target);
  const config = await loadLoginConfig('/config.json', fetch);
  createRoot(root).render(
    <ThemeProvider theme={themeFor(config.environment as EnvironmentName)}>
      <GlobalStyle />
      <SignInApp config={config} target={target} storage={storage} navigate={navigate} fetch={fetch} invitationToken={invitationToken} />
    </ThemeProvider>,
  );
}
