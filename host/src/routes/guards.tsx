import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@phoenix/shell/src/boot';

/** Seed §2: /admin sends to login when no token is held (remembering the page asked for). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAtomValue(tokenAtom);
  const location = useLocation();
  if (!token) {
    return <Navigate to="/auth/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}
