import { useHostTranslation } from '../layout/hostI18n';
import { afterFirstPaintComponent } from '../routes/firstPaint';
import { notBeforeNavigation } from '../routes/navigationActivity';
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
 * before its panels are shown is not kept waiting by them: they come only if the dashboard is still there.
 */
export const DashboardRoute = afterFirstPaintComponent(
  () => import('./Dashboard').then((module) => notBeforeNavigation(module.Dashboard)),
  <DashboardLoading />,
);
