import { lazy, Suspense, useEffect, useState } from 'react';
import { asApiFailure, type SignInServices } from './signInServices';

// The password form is the one-time password's, with the link's token instead (not in the login bundle).
const ChangePasswordForm = lazy(() => import('./ChangePasswordForm'));

type LinkState = { status: 'checking' } | { status: 'open'; email: string } | { status: 'invalid' } | { status: 'unavailable' };

/**
 * An invitation link (/auth/login#invitation=…): says whom it is for, then sets that account's
 * password and signs in (a deployment that requires a second factor then opens the Security page to
 * enrol one). A used, replaced or expired link says so and offers the sign-in form.
 */
export function InvitationPage({ token, services, onSignIn }: { token: string; services: SignInServices; onSignIn: () => void }) {
  const { t } = services;
  const [state, setState] = useState<LinkState>({ status: 'checking' });

  useEffect(() => {
    let live = true;
    services.checkInvitation!(token).then(
      ({ email }) => live && setState({ status: 'open', email }),
      (error: unknown) => {
        const failure = asApiFailure(error);
        if (live) setState({ status: failure && !failure.isNetwork && failure.status < 500 ? 'invalid' : 'unavailable' });
      },
    );
    return () => {
      live = false;
    };
  }, [services, token]);

  if (state.status === 'checking') return <p role="status">{t('auth.invitation.checking')}</p>;
  if (state.status === 'open')
    return (
      <Suspense fallback={<p role="status">{t('auth.invitation.checking')}</p>}>
        <ChangePasswordForm email={state.email} invitationToken={token} onCancel={onSignIn} services={services} />
      </Suspense>
    );
  return (
    <div>
      <p role="alert">{t(`auth.invitation.${state.status}`)}</p>
      <button type="button" onClick={onSignIn}>
        {t('auth.invitation.toSignIn')}
      </button>
    </div>
  );
}
