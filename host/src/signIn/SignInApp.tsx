import { useEffect, useMemo, useState } from 'react';
import { passkeySignInOptions, signIn, type Credentials } from '@phoenix/shell/src/auth/signIn';
import { environmentLabel } from '@phoenix/shell/src/core/environmentLabel';
import { initialLanguage, storeLanguage, type Language } from '@phoenix/shell/src/i18n/language';
import { isLegacySession, readSession, writeSession, STORAGE_KEY, type SessionStorage } from '@phoenix/shell/src/session/session';
// Not the contract's index: its schemas (zod) would join the login bundle.
import { INVITATION_PATHS } from '@phoenix/contract/src/invitationPaths';
import { AuthFrame } from './AuthFrame';
import { SignInForm } from './SignInForm';
import { InvitationPage } from './InvitationPage';
import type { SignInOutcome, SignInServices } from './signInServices';
import { ENROL_TARGET } from './signInRules';
import { LanguageSelect } from '../layout/LanguageSelect';
import { fetchClientFactory } from './fetchClient';
import type { LoginConfig } from './loginConfig';
import { translator } from './translate';

export interface SignInAppProps {
  config: LoginConfig;
  /** Where to go once signed in: a console page (safeReturnTo), /admin by default. */
  target: string;
  storage: SessionStorage;
  /** A full navigation (location.replace): the console then starts with the stored session. */
  navigate(url: string): void;
  fetch?: typeof fetch;
  /** The token of an invitation link (#invitation=…): the page sets the account's password first. */
  invitationToken?: string;
}

/**
 * The lean sign-in page: the console's sign-in form and frame without the console. Signing in
 * stores the session exactly as the shell does (`admin-phoenix`: email and token, never the
 * password) and loads the console, which restores it.
 */
export function SignInApp({ config, target, storage, navigate, fetch, invitationToken }: SignInAppProps) {
  const [invitation, setInvitation] = useState(invitationToken);
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const t = useMemo(() => translator(language), [language]);

  // <html lang> follows the language, as the console's i18n setup does.
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  // Signed in from another tab meanwhile: go on to the console, like the console's own login route.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEY) return;
      const found = readSession(storage);
      if (found !== null && !isLegacySession(found)) navigate(target);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [storage, navigate, target]);

  const services = useMemo<SignInServices>(() => {
    const clientFor = fetchClientFactory(config.apiBase, fetch);
    const signInWith = async (credentials: Credentials): Promise<SignInOutcome> => {
      const result = await signIn(clientFor, credentials);
      if (!result.status) return { status: false, reason: result.reason, challenge: result.challenge, passkey: result.passkey };
      writeSession(storage, { email: result.email, token: result.token });
      // Without the second factor a deployment requires, only the Security page opens: enrol there.
      navigate(result.enrolmentRequired ? ENROL_TARGET : target);
      return { status: true };
    };
    return {
      t,
      signIn: (email, password) => signInWith({ email, password }),
      signInWithCode: (email, challenge, code) => signInWith({ email, challenge, code }),
      passkeyOptions: (challenge) => passkeySignInOptions(clientFor, challenge),
      signInWithPasskey: (email, challenge, passkey) => signInWith({ email, challenge, passkey }),
      changePassword: async (body) => {
        await clientFor(null).post('/users/change-password', body);
      },
      checkInvitation: (token) => clientFor(null).post(INVITATION_PATHS.check, { token }),
      acceptInvitation: async (body) => {
        await clientFor(null).post(INVITATION_PATHS.accept, body);
      },
    };
  }, [t, config.apiBase, fetch, storage, navigate, target]);

  const chooseLanguage = (next: Language) => {
    storeLanguage(next);
    setLanguage(next);
  };

  return (
    <AuthFrame
      t={t}
      environment={environmentLabel(config.apiBase)}
      tools={
        <LanguageSelect language={language} onChange={chooseLanguage} label={t('language.label')} nameOf={(l) => t(`language.${l}`)} />
      }
    >
      {invitation ? (
        <InvitationPage token={invitation} services={services} onSignIn={() => setInvitation(undefined)} />
      ) : (
        <SignInForm services={services} />
      )}
    </AuthFrame>
  );
}
