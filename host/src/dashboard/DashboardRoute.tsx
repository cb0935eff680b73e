import { useHostTranslation } from '../layout/hostI18n';
import { afterFirstPaintComponent } from '../routes/firstPaint';
import { whenNoNavigation } from '../routes/navigationActivity';
import { DashboardHeading } from './DashboardHeading';

function DashboardLoading() {
  const { t } = useHostTranslation();
  return (
    <>
      <DashboardHeading>{t('dashboard.title')}</DashboardHeading>
      <p role="status">{t('dashboard.loading')}</p>
    </>
  );
}

/**
 * /admin. The dashboard reads through the shell's data hooks, so its module loads after the first
 * paint; its heading is painted meanwhile, where the page then renders it. An admin who clicks away
 * before then is not kept waiting by it: while a page is being opened, the dashboard's panels are
 * neither rendered nor requested (it is about to leave the screen); they come if it is still there after.
 */
export const DashboardRoute = afterFirstPaintComponent(
  () => import('./Dashboard').then((module) => whenNoNavigation().then(() => module.Dashboard)),
  <DashboardLoading />,
);
