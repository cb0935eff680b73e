import { useQuery } from '@tanstack/react-query';
import type { PlayerRestrictions } from '@phoenix/contract';
import { resourceKeys, useApi } from '@phoenix/shell';

/** Under the player's detail key: a ban, unban or restriction change that refreshes the player refreshes these too. */
export const playerRestrictionsKey = (id: number | null) => [...resourceKeys.detail('players', id ?? ''), 'restrictions'];

/** One player's restrictions: direct, effective (direct ∪ every policy the player is in) and the policies. */
export function usePlayerRestrictions(id: number | null) {
  const api = useApi();
  return useQuery({
    queryKey: playerRestrictionsKey(id),
    queryFn: () => api.get<PlayerRestrictions>(`/players/${id}/restrictions`),
    enabled: id !== null,
  });
}
