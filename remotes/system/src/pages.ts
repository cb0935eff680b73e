import { activeFlagsResource, constantVariablesResource, newsResource, worldMessagesResource } from '@phoenix/contract';
import { areasOf, standalonePage, type SectionDefinition } from '@phoenix/shell';
import { truncate } from '@phoenix/ui';
import { actionLogList } from './areas/actionLogs/list';
import './i18n';

const area = areasOf('system');

/**
 * The system remote's pages, keyed by route path under /admin (exposed as './pages').
 * An area is declared once, here: its name (its strings are `<name>.…`, its columns and fields
 * `<name>.fields.<field>`), route, shape, resource and record label; then its list and its form.
 * The resource lets the host start the list's first request from the URL with the page's code.
 */
const pages = {
  ...area({
    name: 'constantVariables',
    base: 'constantVariables',
    resource: constantVariablesResource,
    shape: 'routes',
    labelOf: (cv) => cv.key,
    list: () => import('./areas/constantVariables/ConstantVariableListPage'),
    form: () => import('./areas/constantVariables/ConstantVariableForm'),
  }),
  ...area({
    name: 'news',
    base: 'information',
    resource: newsResource,
    shape: 'subViews',
    labelOf: (news) => `"${news.title}"`,
    list: () => import('./areas/news/NewsListPage'),
    form: () => import('./areas/news/NewsForm'),
  }),
  ...area({
    name: 'activeFlags',
    base: 'activeFlag',
    resource: activeFlagsResource,
    shape: 'subViews',
    labelOf: (flag) => flag.key,
    list: () => import('./areas/activeFlags/ActiveFlagListPage'),
    form: () => import('./areas/activeFlags/ActiveFlagForm'),
  }),
  ...area({
    name: 'worldMessages',
    base: 'worldMessage',
    resource: worldMessagesResource,
    shape: 'subViews',
    labelOf: (wm) => truncate(wm.message, 40),
    formLabelOf: (wm) => `"${wm.message.slice(0, 60)}"`,
    list: () => import('./areas/worldMessages/WorldMessageListPage'),
    form: () => import('./areas/worldMessages/WorldMessageForm'),
  }),
  ...area({
    name: 'actionLogs',
    base: 'logs',
    shape: 'subViews',
    labelOf: (log) => `#${log.id}`,
    list: () => import('./areas/actionLogs/ActionLogListPage'),
    ...actionLogList,
  }),
  ...standalonePage('maintenance', () => import('./areas/maintenance/MaintenancePage')),
  ...standalonePage('requests', () => import('./areas/changeRequests/ChangeRequestsPage')),
};

export default pages;

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'history', order: 40, load: () => import('./areas/actionLogs/PlayerActionLogSection') },
];
