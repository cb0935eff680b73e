import { useCallback } from 'react';
import { MAX_PLAYER_ID, MAX_PLAYER_IDS, type PlayerIdsValidateResponse } from '@phoenix/contract';
import { useApi } from '../api/useApi';

/**
 * The `validate` of the addBulkUsers modal for player ids: POST /players/validate-ids (in
 * batches of MAX_PLAYER_IDS). Ids too large to be a player id are unknown without asking.
 */
export function useValidatePlayerIds(): (ids: string[]) => Promise<{ unknown: string[] }> {
  const api = useApi();
  return useCallback(
    async (ids: string[]) => {
      const tooLarge: string[] = [];
      const candidates: number[] = [];
      for (const id of ids) {
        const n = Number(id);
        if (id.length > 10 || n > MAX_PLAYER_ID) tooLarge.push(id);
        else candidates.push(n);
      }
      const unknown: string[] = [];
      for (let i = 0; i < candidates.length; i += MAX_PLAYER_IDS) {
        const batch = candidates.slice(i, i + MAX_PLAYER_IDS);
        const answer = await api.post<PlayerIdsValidateResponse>('/players/validate-ids', { ids: batch });
        unknown.push(...answer.unknown.map(String));
      }
      return { unknown: [...unknown, ...tooLarge] };
    },
    [api],
  );
}
