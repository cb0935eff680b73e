// The lean sign-in page (login.html, served for /auth/login): React, styled-components and the
// sign-in form only. Not a Module Federation consumer: the console (index.html) loads after sign-in.
import { showBootError } from '../config/bootError';
import { startSignInPage } from './boot';

startSignInPage({ root: document.getElementById('root')! }).catch((error: unknown) =>
  showBootError(error instanceof Error ? error.message : String(error)),
);
