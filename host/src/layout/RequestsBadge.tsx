import { useQuery } from '@tanstack/react-query';
import styled from 'styled-components';
import { CHANGE_REQUESTS_PATH } from '@phoenix/contract';
import { AreaLink, useApi, useLiveFallbackInterval } from '@phoenix/shell';
import { tokens } from '@phoenix/ui';
import { useHostTranslation } from './hostI18n';

const RequestsLink = styled(AreaLink)`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  color: inherit;
  font-size: 0.85rem;
  white-space: nowrap;
  &:focus-visible {
    outline: 3px solid ${tokens.colors.focus};
    outline-offset: 2px;
  }
`;

const Count = styled.span`
  min-width: 1.4rem;
  padding: 0 0.35rem;
  border-radius: 999px;
  background: ${tokens.colors.surface};
  color: ${tokens.colors.text};
  font-weight: 700;
  text-align: center;
`;

/**
 * How many change requests wait (and are scheduled), under the Requests page's query key: its decisions
 * refresh it, and so does a change request's live event (LiveUpdates.tsx); polled only while the live stream is down.
 */
export function useChangeRequestCount() {
  const api = useApi();
  const refetchInterval = useLiveFallbackInterval(60_000);
  return useQuery<{ pending: number; scheduled: number }>({
    queryKey: ['change-requests', 'count'],
    queryFn: () => api.get(`${CHANGE_REQUESTS_PATH}/count`),
    refetchInterval,
    retry: false,
  });
}

/**
 * The navbar's link to the change requests' page (the changeRequests area) with the number of change requests waiting for a
 * decision. Under the page's query key (['change-requests']): a decision there refreshes it.
 */
export function RequestsBadge() {
  const { t } = useHostTranslation();
  const count = useChangeRequestCount();
  if (!count.data || count.data.pending === 0) return null;
  const label = t('navbar.pendingRequests', { count: count.data.pending });
  return (
    <RequestsLink area="changeRequests" aria-label={label} title={label}>
      {t('navbar.requests')} <Count aria-hidden="true">{count.data.pending}</Count>
    </RequestsLink>
  );
}
