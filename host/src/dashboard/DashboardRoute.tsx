import { lazy, Suspense } from 'react';
import { useHostTranslation } from '../layout/hostI18n';
import { afterFirstPaint } from '../routes/firstPaint';
import { DashboardHeading } from './DashboardHeading';

/** The dashboard reads through the shell's data hooks: its module loads after the first paint, not in it. */
const Dashboard = lazy(() =>
  afterFirstPaint()
    .then(() => import('./Dashboard'))
    .then((module) => ({ default: module.Dashboard })),
);

/** /admin: the dashboard, with its heading painted while its module loads (the page replaces it in place). */
export function DashboardRoute() {
  const { t } = useHostTranslation();
  return (
    <Suspense
      fallback={
        <>
          <DashboardHeading>{t('dashboard.title')}</DashboardHeading>
          <p role="status">{t('dashboard.loading')}</p>
        </>
      }
    >
      <Dashboard />
    </Suspense>
  );
}
