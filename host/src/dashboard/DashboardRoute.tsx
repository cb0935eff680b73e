import { useHostTranslation } from '../layout/hostI18n';
import { afterFirstPaintComponent } from '../routes/firstPaint';
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
 * paint; its heading is painted meanwhile, where the page then renders it.
 */
export const DashboardRoute = afterFirstPaintComponent(
  () => import('./Dashboard').then((module) => module.Dashboard),
  <DashboardLoading />,
);
