import { Link, Outlet } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { environmentLabel, runtimeConfigAtom } from '@phoenix/shell/src/boot';
import { Overlays } from '../layout/Overlays';
import { useHostTranslate } from '../layout/hostI18n';
import { LanguageSwitch } from '../layout/LanguageSwitch';
import { AuthFrame } from './AuthFrame';

/** The console's auth layout (route /auth): the shared frame around the route's page. */
export function AuthLayout() {
  const config = useAtomValue(runtimeConfigAtom);
  const t = useHostTranslate();
  return (
    <AuthFrame
      t={t}
      environment={config && environmentLabel(config.apiBase)}
      tools={<LanguageSwitch />}
      tabLink={Link}
      after={<Overlays />}
    >
      <Outlet />
    </AuthFrame>
  );
}
