import { activeFlagsResource, constantVariablesResource, newsResource, worldMessagesResource } from '@phoenix/contract';
import { areaPage, pagesOf, type SectionDefinition } from '@phoenix/shell';
import { truncate } from '@phoenix/ui';
import areas from './areas';
import { actionLogList } from './areas/actionLogs/list';
import './i18n';

/**
 * The page of each area of areas.ts (exposed as './pages', routed by the host under /admin): its list,
 * form, resource and record label. Its strings are `<area>.…`, its columns and fields
 * `<area>.fields.<field>`; the resource lets the host start the list's first request with the page's code.
 */
export default pagesOf(areas, 'system', {
  constantVariables: areaPage({
    resource: constantVariablesResource,
    labelOf: (cv) => cv.key,
    list: () => import('./areas/constantVariables/ConstantVariableListPage'),
    form: () => import('./areas/constantVariables/ConstantVariableForm'),
  }),
  news: areaPage({
    resource: newsResource,
    labelOf: (news) => `"${news.title}"`,
    list: () => import('./areas/news/NewsListPage'),
    form: () => import('./areas/news/NewsForm'),
  }),
  activeFlags: areaPage({
    resource: activeFlagsResource,
    labelOf: (flag) => flag.key,
    list: () => import('./areas/activeFlags/ActiveFlagListPage'),
    form: () => import('./areas/activeFlags/ActiveFlagForm'),
  }),
  worldMessages: areaPage({
    resource: worldMessagesResource,
    labelOf: (wm) => truncate(wm.message, 40),
    formLabelOf: (wm) => `"${wm.message.slice(0, 60)}"`,
    list: () => import('./areas/worldMessages/WorldMessageListPage'),
    form: () => import('./areas/worldMessages/WorldMessageForm'),
  }),
  actionLogs: areaPage({
    ...actionLogList,
    labelOf: (log) => `#${log.id}`,
    list: () => import('./areas/actionLogs/ActionLogListPage'),
  }),
  maintenance: () => import('./areas/maintenance/MaintenancePage'),
  changeRequests: () => import('./areas/changeRequests/ChangeRequestsPage'),
});

/** This remote's parts of other remotes' pages, composed by the host (@phoenix/shell SectionSlot). */
export const sections: SectionDefinition[] = [
  { slot: 'player', id: 'history', order: 40, load: () => import('./areas/actionLogs/PlayerActionLogSection') },
];
