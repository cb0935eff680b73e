import { useApi, usePointsApi } from '../api/useApi';
import type { ApiClient } from '../api/client';
import type { ApiTarget } from './queryKeys';

/** Both clients are cheap memoised objects, so calling both keeps the hook order stable. */
export function useApiFor(target: ApiTarget = 'bff'): ApiClient {
  const bff = useApi();
  const points = usePointsApi();
  return target === 'points' ? points : bff;
}
