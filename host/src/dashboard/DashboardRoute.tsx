import { useEffect, useRef, type ComponentType } from 'react';
import { useHostTranslation } from '../layout/hostI18n';
import { afterFirstPaintComponent } from '../routes/firstPaint';
import { isNavigating, whenNoNavigation } from '../routes/navigationActivity';
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
 * An admin who clicks away before the panels are on screen is not kept waiting by them: while a page
 * is being opened, they are neither rendered nor requested (the dashboard is about to leave the
 * screen); they come if it is still there after. Checked at each render until they are shown, as React
 * may reveal a part some time after its module is in (at the earliest 300 ms after its fallback).
 */
function shownWhenNotLeaving(Panels: ComponentType): ComponentType {
  return function DashboardPanels() {
    const shown = useRef(false);
    useEffect(() => {
      shown.current = true;
    }, []);
    // Suspends (the loading line stays) until the navigation has settled: once shown, never again.
    if (!shown.current && isNavigating()) throw whenNoNavigation();
    return <Panels />;
  };
}

/**
 * /admin. The dashboard reads through the shell's data hooks, so its module loads after the first
 * paint; its heading is painted meanwhile, where the page then renders it.
 */
export const DashboardRoute = afterFirstPaintComponent(
  () => import('./Dashboard').then((module) => shownWhenNotLeaving(module.Dashboard)),
  <DashboardLoading />,
);
