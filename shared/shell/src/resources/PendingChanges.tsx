import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { CHANGE_REQUESTS_PATH, type ChangeRequest, type ChangeRequestService, type Page } from '@phoenix/contract';
import { Alert, formatDateTime } from '@phoenix/ui';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/useApi';

/**
 * A target page's change requests still to happen (pending approval or scheduled), under the
 * Requests page's query key: shown above the form so nobody edits a document a request will
 * overwrite without knowing. Nothing when none (or when the server has no change requests). The
 * BFF lists every service's requests: `service` keeps a points document's apart from a BFF path.
 */
export function PendingChanges({ path, service = 'bff' }: { path: string; service?: ChangeRequestService }) {
  const api = useApi();
  const { t } = useTranslation('shell');
  const read = (view: 'pending' | 'scheduled') => api.get<Page<ChangeRequest>>(CHANGE_REQUESTS_PATH, { view, path, service, pageSize: 20 });
  const requests = useQuery<ChangeRequest[]>({
    queryKey: ['change-requests', 'target', service, path],
    queryFn: async () => [...(await read('pending')).items, ...(await read('scheduled')).items],
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
      <Link to="/admin/requests">{t('changeControl.openRequests')}</Link>
    </Alert>
  );
}
