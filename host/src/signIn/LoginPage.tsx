import { useMemo } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { returnToAtom, runtimeConfigAtom, useAuth } from '@phoenix/shell/src/boot';
import { useHostTranslate } from '../layout/hostI18n';
import { safeReturnTo, ENROL_TARGET } from './signInRules';
import { SignInForm } from './SignInForm';
import type { SignInServices } from './signInServices';

export { safeReturnTo } from './signInRules';

/**
 * The console's /auth/login route (reached inside the running console: a 401, a signed-out tab, an
 * unknown path). A fresh load of /auth/login gets the lean sign-in page instead (index.tsx here);
 * both show the same SignInForm.
 */
export function LoginPage() {
  const { token, login, loginWithCode, loginWithPasskey } = useAuth();
  const navigate = useNavigate();
  const returnTo = useAtomValue(returnToAtom);
  const config = useAtomValue(runtimeConfigAtom);
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const target = safeReturnTo(returnTo) ?? safeReturnTo(from) ?? '/admin';
  const t = useHostTranslate();

  const services = useMemo<SignInServices>(
    () => ({
      t,
      // Without the second factor a deployment requires, only the Security page opens: enrol there.
      signIn: async (email, password) => {
        const outcome = await login(email, password);
        if (outcome.enrolmentRequired) navigate(ENROL_TARGET, { replace: true });
        return outcome;
      },
      signInWithCode: loginWithCode,
      passkeyOptions: async (challenge) => {
        if (!config) throw new Error('Runtime configuration is not loaded yet');
        const { authClientFactory, passkeySignInOptions } = await import('@phoenix/shell');
        return passkeySignInOptions(authClientFactory({ baseUrl: config.apiBase }), challenge);
      },
      signInWithPasskey: loginWithPasskey,
      changePassword: async (body) => {
        if (!config) throw new Error('Runtime configuration is not loaded yet');
        const { authClientFactory } = await import('@phoenix/shell'); // the API client is not in the first paint
        await authClientFactory({ baseUrl: config.apiBase })(null).post('/users/change-password', body);
      },
    }),
    [t, login, loginWithCode, loginWithPasskey, navigate, config],
  );

  // Holding a token: straight to the console (seed §2), to the page a 401 interrupted if any.
  if (token) return <Navigate to={target} replace />;
  return <SignInForm services={services} />;
}
