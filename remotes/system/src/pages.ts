import { activeFlagResource, constantVariableResource, newsResource, worldMessageResource } from '@phoenix/contract';
import { resourcePages, standalonePage, type SectionDefinition } from '@phoenix/shell';
import { actionLogList } from './areas/actionLogs/list';
import './i18n';

/**
 * The system remote's pages, keyed by route path under /admin (exposed as './pages').
 * An area is one `resourcePages` entry: its list and its form, in the route table's shape; its
 * resource lets the host start the list's first request from the URL with the page's code.
 */
const pages = {
  ...resourcePages({
    base: 'constantVariables',
    resource: constantVariableResource,
    shape: 'routes',
    list: () => import('./areas/constantVariables/ConstantVariableListPage'),
    form: () => import('./areas/constantVariables/ConstantVariableForm'),
  }),
  ...resourcePages({
    base: 'information',
    resource: newsResource,
    shape: 'subViews',
    list: () => import('./areas/news/NewsListPage'),
    form: () => import('./areas/news/NewsForm'),
  }),
  ...resourcePages({
    base: 'activeFlag',
    resource: activeFlagResource,
    shape: 'subViews',
    list: () => import('./areas/activeFlags/ActiveFlagListPage'),
    form: () => import('./areas/activeFlags/ActiveFlagForm'),
  }),
  ...resourcePages({
    base: 'worldMessage',
    resource: worldMessageResource,
    shape: 'subViews',
    list: () => import('./areas/worldMessages/WorldMessageListPage'),
    form: () => import('./areas/worldMessages/WorldMessageForm'),
  }),
  ...resourcePages({ base: 'logs', shape: 'subViews', list: () => import('./areas/actionLogs/ActionLogListPage'), ...actionLogList }),
  ...standalonePage('maintenance', () => import('./areas/maintenance/MaintenancePage')),
  ...standalonePage('requests', () => import('./areas/changeRequests/ChangeRequestsPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'history', order: 40, load: () => import('./areas/actionLogs/PlayerActionLogSection') },
];
