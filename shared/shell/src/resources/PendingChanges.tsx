import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHANGE_REQUESTS_PATH, type ChangeRequest, type ChangeRequestService, type Page } from '@phoenix/contract';
import { Alert, Badge, formatDateTime } from '@phoenix/ui';
import { useTranslation } from 'react-i18next';
import { AreaLink } from '../core/AreaLink';
import { useApi } from '../api/useApi';
import type { ApiClient } from '../api/client';
import { useGlobalRecords } from '../api/useChangeControlMode';
import { useTransitionQuery } from '../data/useTransitionQuery';

/** A resource's paths the console reads requests of: 'bff' unless the points API owns it. */
const serviceOf = (resource: { api?: 'bff' | 'points' }): ChangeRequestService => (resource.api === 'points' ? 'points' : 'bff');

/** Both views at once (one round trip, not two): pending approval first, then scheduled. */
async function readBoth(read: (view: 'pending' | 'scheduled') => Promise<Page<ChangeRequest>>): Promise<ChangeRequest[]> {
  const [pending, scheduled] = await Promise.all([read('pending'), read('scheduled')]);
  return [...pending.items, ...scheduled.items];
}

type Where = { path: string; target?: undefined } | { target: string; path?: undefined };

/**
 * A target page's change requests still to happen (pending approval or scheduled), under the
 * Requests page's query key: shown above the form so nobody edits a document a request will
 * overwrite without knowing. Nothing when none (or when the server has no change requests). The
 * BFF lists every service's requests: `service` keeps a points document's apart from a BFF path.
 * `path`: the requests on exactly that path (a document); `target`: on a record and under it
 * (its update, its delete, its actions).
 */
export function PendingChanges({ path, target, service = 'bff' }: Where & { service?: ChangeRequestService }) {
  const api = useApi();
  const { t } = useTranslation('shell');
  const where = target === undefined ? { path } : { target };
  const read = (view: 'pending' | 'scheduled') =>
    api.get<Page<ChangeRequest>>(CHANGE_REQUESTS_PATH, { view, ...where, service, pageSize: 20 });
  const requests = useQuery<ChangeRequest[]>({
    queryKey: ['change-requests', 'target', service, path ?? `${target}/*`],
    queryFn: () => readBoth(read),
    retry: false,
  });
  if (!requests.data?.length) return null;
  return (
    <Alert tone="warning" title={t('changeControl.waiting', { count: requests.data.length })}>
      <ul>
        {requests.data.map((r) => (
          <li key={r.id}>
            {t(r.status === 'scheduled' ? 'changeControl.scheduledItem' : 'changeControl.pendingItem', {
              id: r.id,
              requester: r.requestedBy.email,
              at: r.scheduledAt ? formatDateTime(r.scheduledAt) : '',
            })}
          </li>
        ))}
      </ul>
      <AreaLink area="changeRequests">{t('changeControl.openRequests')}</AreaLink>
    </Alert>
  );
}

/**
 * A record's pending and scheduled changes, on its edit page or detail, when its resource is
 * declared global (GET /change-requests/settings of its service): one place for every such resource.
 */
export function RecordPendingChanges({ resource, id }: { resource: { path: string; api?: 'bff' | 'points' }; id: number | string }) {
  const global = useGlobalRecords(resource);
  if (!global) return null;
  return <PendingChanges target={`${resource.path}/${id}`} service={serviceOf(resource)} />;
}

/** The requests pending or scheduled on a resource's records (BFF client): the list's row markers, and its prefetch. */
export function pendingRecordsQuery(api: ApiClient, resource: { path: string; api?: 'bff' | 'points' }) {
  const service = serviceOf(resource);
  const read = (view: 'pending' | 'scheduled') =>
    api.get<Page<ChangeRequest>>(CHANGE_REQUESTS_PATH, { view, target: resource.path, service, pageSize: 200 });
  return {
    queryKey: ['change-requests', 'target', service, `${resource.path}/**`],
    queryFn: () => readBoth(read),
    retry: false,
  } as const;
}

/**
 * The ids of a global resource's records with a request pending or scheduled (a list's row
 * marker): one read per view of the requests under the resource's path; empty for other resources.
 */
function usePendingRecordIds(resource: { path: string; api?: 'bff' | 'points' }): ReadonlySet<string> {
  const global = useGlobalRecords(resource);
  // In a transition, as the list's rows: see useChangeControlSettings.
  const requests = useTransitionQuery({ ...pendingRecordsQuery(useApi(), resource), enabled: global });
  return useMemo(() => {
    const ids = new Set<string>();
    for (const r of requests.data ?? []) {
      // '/active-flags/3/enabled', '/active-flags/3?version=2' → '3'; a create ('/active-flags') names no record.
      const id = r.path.slice(resource.path.length + 1).split(/[/?]/)[0];
      if (r.path.startsWith(`${resource.path}/`) && id) ids.add(id);
    }
    return ids;
  }, [requests.data, resource.path]);
}

const PendingRecordIdsContext = createContext<ReadonlySet<string>>(new Set());

/**
 * A list's records with a change pending or scheduled, read once for the whole table and handed to each
 * row's marker. Render the table as its children: when the requests answer, this re-renders with the
 * same children, so only the markers render again, not the page or its rows (and a page of 20 rows
 * holds two query observers, not forty).
 */
export function PendingRecordIds({ resource, children }: { resource: { path: string; api?: 'bff' | 'points' }; children: ReactNode }) {
  return <PendingRecordIdsContext.Provider value={usePendingRecordIds(resource)}>{children}</PendingRecordIdsContext.Provider>;
}

/** A list row's "change pending" marker (inside PendingRecordIds): nothing, for most rows, at the cost of a context read. */
export function PendingRowMarker({ id, label }: { id: number | string; label: string }) {
  return useContext(PendingRecordIdsContext).has(String(id)) ? <PendingBadge label={label} /> : null;
}

function PendingBadge({ label }: { label: string }) {
  const { t } = useTranslation('shell');
  return (
    <Badge $tone="warning" title={t('changeControl.rowPendingLabel', { label })}>
      {t('changeControl.rowPending')}
    </Badge>
  );
}
