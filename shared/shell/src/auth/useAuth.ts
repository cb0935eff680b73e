import { useCallback, useEffect, useRef } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { accountAtom, tokenAtom, type Account } from '../core/authState';
import { runtimeConfigAtom } from '../core/config';
import type { SessionStorage } from '../session/session';
import { signIn, type Credentials, type SignInFailureReason } from './signIn';
import { defaultSessionStorage, establishSession, installUnauthorizedHandler, logoutSession, syncSessionAcrossTabs } from './authSession';

export interface LoginOutcome {
  status: boolean;
  reason?: SignInFailureReason;
  /** With 'second_factor_required': what the code goes back with (loginWithCode). */
  challenge?: string;
  /** With 'second_factor_required': the admin has a passkey (loginWithPasskey). */
  passkey?: boolean;
  /** Signed in, but only the Security page opens until a second factor is added. */
  enrolmentRequired?: boolean;
}

export interface UseAuth {
  account: Account | null;
  token: string | null;
  isSignedIn: boolean;
  login(email: string, password: string): Promise<LoginOutcome>;
  /** The step after the password: the challenge it answered and a code (app or recovery code). */
  loginWithCode(email: string, challenge: string, code: string): Promise<LoginOutcome>;
  /** The same step with a passkey's answer to passkeySignInOptions. */
  loginWithPasskey(email: string, challenge: string, passkey: object): Promise<LoginOutcome>;
  logout(): Promise<void>;
}

/** Auth state and actions for components (host login page, navbar; remotes may read it). */
export function useAuth(options: { storage?: SessionStorage } = {}): UseAuth {
  const store = useStore();
  const queryClient = useQueryClient();
  const account = useAtomValue(accountAtom);
  const token = useAtomValue(tokenAtom);
  const storage = options.storage;

  const signInWith = useCallback(
    async (credentials: Credentials): Promise<LoginOutcome> => {
      const config = store.get(runtimeConfigAtom);
      if (!config) return { status: false, reason: 'unavailable' };
      const { authClientFactory } = await import('./authClient'); // the API client loads on first use
      const result = await signIn(authClientFactory({ baseUrl: config.apiBase }), credentials);
      if (!result.status)
        return {
          status: false,
          reason: result.reason,
          ...(result.challenge ? { challenge: result.challenge } : {}),
          ...(result.passkey ? { passkey: true } : {}),
        };
      // Nothing cached for a previous admin may show to this one.
      queryClient.clear();
      establishSession({ email: result.email, token: result.token }, { store, storage: storage ?? defaultSessionStorage() });
      return { status: true, ...(result.enrolmentRequired ? { enrolmentRequired: true } : {}) };
    },
    [store, storage, queryClient],
  );
  const login = useCallback((email: string, password: string) => signInWith({ email, password }), [signInWith]);
  const loginWithCode = useCallback(
    (email: string, challenge: string, code: string) => signInWith({ email, challenge, code }),
    [signInWith],
  );

  const loginWithPasskey = useCallback(
    (email: string, challenge: string, passkey: object) => signInWith({ email, challenge, passkey }),
    [signInWith],
  );

  const logout = useCallback(() => logoutSession({ store, storage: storage ?? defaultSessionStorage() }), [store, storage]);

  return { account, token, isSignedIn: token !== null, login, loginWithCode, loginWithPasskey, logout };
}

/**
 * Mounted once by the host under its router: registers the 401 handler with the router's
 * current location (so the admin comes back to it) and follows sign-in/out in other tabs.
 */
export function useAuthSync(currentPath: string, options: { storage?: SessionStorage } = {}): void {
  const store = useStore();
  const pathRef = useRef(currentPath);
  pathRef.current = currentPath;
  const storage = options.storage;

  useEffect(() => {
    const env = { store, storage: storage ?? defaultSessionStorage() };
    installUnauthorizedHandler(() => pathRef.current, env);
    const stop = syncSessionAcrossTabs(env);
    return () => {
      stop();
      installUnauthorizedHandler(undefined, env);
    };
  }, [store, storage]);
}
