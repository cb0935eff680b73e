import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The system remote's pages, keyed by route path relative to /admin (exposed as './pages').
 * A new area is one page file here + the host's route line.
 */
const pages: Record<string, LazyExoticComponent<ComponentType>> = {
  constantVariables: lazy(() => import('./areas/constantVariables/ConstantVariableListPage')),
  'constantVariables/create': lazy(() => import('./areas/constantVariables/ConstantVariableCreatePage')),
  'constantVariables/edit': lazy(() => import('./areas/constantVariables/ConstantVariableEditPage')),
  logs: lazy(() => import('./areas/logs/ActionLogListPage')),
  information: lazy(() => import('./areas/news/InformationPage')),
  maintenance: lazy(() => import('./areas/maintenance/MaintenancePage')),
  activeFlag: lazy(() => import('./areas/flags/ActiveFlagPage')),
  worldMessage: lazy(() => import('./areas/worldMessages/WorldMessagePage')),
};

export default pages;
