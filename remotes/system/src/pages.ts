import { resourcePages, standalonePage } from '@phoenix/shell';
import './i18n';

/**
 * The system remote's pages, keyed by route path under /admin (exposed as './pages').
 * An area is one `resourcePages` entry: its list and its form, in the route table's shape.
 */
const pages = {
  ...resourcePages({
    base: 'constantVariables',
    shape: 'routes',
    list: () => import('./areas/constantVariables/ConstantVariableListPage'),
    form: () => import('./areas/constantVariables/ConstantVariableForm'),
  }),
  ...resourcePages({
    base: 'information',
    shape: 'subViews',
    list: () => import('./areas/news/NewsListPage'),
    form: () => import('./areas/news/NewsForm'),
  }),
  ...resourcePages({
    base: 'activeFlag',
    shape: 'subViews',
    list: () => import('./areas/flags/FlagListPage'),
    form: () => import('./areas/flags/FlagForm'),
  }),
  ...resourcePages({
    base: 'worldMessage',
    shape: 'subViews',
    list: () => import('./areas/worldMessages/WorldMessageListPage'),
    form: () => import('./areas/worldMessages/WorldMessageForm'),
  }),
  ...resourcePages({ base: 'logs', shape: 'subViews', list: () => import('./areas/logs/ActionLogListPage') }),
  ...standalonePage('maintenance', () => import('./areas/maintenance/MaintenancePage')),
};

export default pages;
