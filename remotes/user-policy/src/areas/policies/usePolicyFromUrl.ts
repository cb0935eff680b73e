import { useSearchParams } from 'react-router-dom';
import type { Policy } from '@phoenix/contract';
import { useResource } from '@phoenix/shell';

/** The policy named by `?id=` (policies/restrictApis, policies/users_in_policy); id null when missing or not a number. */
export function usePolicyFromUrl() {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  return { id, policy: useResource<Policy>('policies', id) };
}
