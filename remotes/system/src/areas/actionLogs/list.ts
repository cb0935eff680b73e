import { actionLogsResource } from '@phoenix/contract';

/** The action-log list's resource and page size: read by the page and by its prefetch (pages.ts). */
export const actionLogList = { resource: actionLogsResource, pageSize: 50 };
