import { useQuery } from '@tanstack/react-query';
import { MAX_PLAYER_NAMES, PLAYER_NAMES_PATH, type PlayerNamesResponse } from '@phoenix/contract';
import type { ApiClient } from '../api/client';
import { useApi } from '../api/useApi';
import { AreaLink } from '../core/AreaLink';

/**
 * Player names for pages that show player ids (battles, tickets, ledgers, action logs): every name a
 * render asks for is collected for one tick and read in one `GET /players/names?ids=` (per 200), so a
 * table of 50 rows makes one request, not 50. Each name is then cached on its own (react-query).
 */
class NameBatch {
  private readonly waiting = new Map<number, { resolve: (name: string | null) => void; reject: (error: unknown) => void }[]>();

  constructor(
    private readonly api: ApiClient,
    private readonly onClosed: () => void,
  ) {}

  load(id: number): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id) ?? [];
      list.push({ resolve, reject });
      this.waiting.set(id, list);
      if (list.length === 1 && this.waiting.size === 1) setTimeout(() => void this.flush(), 0);
    });
  }

  private async flush() {
    // Closed: names asked from now on go into the next batch.
    this.onClosed();
    const batch = this.waiting;
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += MAX_PLAYER_NAMES) {
      const chunk = ids.slice(start, start + MAX_PLAYER_NAMES);
      try {
        const answer = await this.api.get<PlayerNamesResponse>(PLAYER_NAMES_PATH, { ids: chunk.join(',') });
        const names = new Map(answer.items.map((entry) => [entry.id, entry.name]));
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.resolve(names.get(id) ?? null);
      } catch (error) {
        for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
      }
    }
  }
}

/**
 * One batch for the page: each component has a client of its own (useApi), but they all reach the one
 * BFF, so a tick's names go out with the client of the first one asked.
 */
let current: NameBatch | null = null;
const batchOf = (api: ApiClient) => (current ??= new NameBatch(api, () => (current = null)));

/** The key of a player's name: its own, so a ban (which refreshes the players' keys) does not ask the names again. */
export const playerNameKey = (id: number) => ['playerNames', id] as const;

/** A player's name (null: no such player), read in a batch with the other names the page asks for. */
export function usePlayerName(id: number) {
  const api = useApi();
  return useQuery<string | null>({
    queryKey: playerNameKey(id),
    queryFn: () => batchOf(api).load(id),
    staleTime: 10 * 60_000,
    retry: false,
  });
}

/**
 * A player where a page shows one: the name and id, linked to the player's page. Until the name is
 * in (or when it cannot be read) the id alone, still linked; the bare id where the console has no player page.
 */
export function PlayerNameLink({ id }: { id: number }) {
  const name = usePlayerName(id);
  const label = name.data ? `${name.data} (#${id})` : String(id);
  return (
    <AreaLink area="players" action="show" record={id} fallback={label}>
      {label}
    </AreaLink>
  );
}
