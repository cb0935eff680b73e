import { z } from 'zod';

export const PLAYER_STATUSES = ['active', 'banned'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** A player as the BFF returns it (the players area itself comes later). */
export interface Player {
  id: number;
  name: string;
  walletAddress: string | null;
  level: number;
  status: PlayerStatus;
  createdAt: string;
  lastSeenAt: string | null;
}

/** Most player ids one bulk request may carry (maintenance allow list, validate-ids, ...). */
export const MAX_PLAYER_IDS = 100_000;
/** Player ids are PostgreSQL `integer`s. */
export const MAX_PLAYER_ID = 2_147_483_647;

export function isPlayerId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_PLAYER_ID;
}

/**
 * A bulk list of player ids. Bad entries are reported as ONE message on the list itself (the
 * first few quoted), not one field error per entry: a pasted list of 100,000 may hold many.
 */
export const playerIdListSchema = z
  .custom<number[]>((v) => Array.isArray(v), 'Send a list of player ids')
  .superRefine((ids, ctx) => {
    if (ids.length > MAX_PLAYER_IDS) {
      ctx.addIssue({ code: 'custom', message: `At most ${MAX_PLAYER_IDS.toLocaleString('en-US')} player ids at a time` });
      return;
    }
    const bad: unknown[] = [];
    let badCount = 0;
    for (const id of ids as unknown[]) {
      if (isPlayerId(id)) continue;
      badCount += 1;
      if (bad.length < 5) bad.push(id);
    }
    if (badCount > 0) {
      const shown = bad.map((v) => JSON.stringify(v) ?? String(v)).join(', ');
      const more = badCount > bad.length ? ` and ${badCount - bad.length} more` : '';
      ctx.addIssue({ code: 'custom', message: `Player ids are whole numbers from 1 to ${MAX_PLAYER_ID} (not ${shown}${more})` });
    }
  });

/** POST /players/validate-ids: which of these ids are not players? */
export const playerIdsValidateSchema = z.object({ ids: playerIdListSchema });
export type PlayerIdsValidate = z.infer<typeof playerIdsValidateSchema>;

/** → the unknown ids, deduplicated, in the order first sent. */
export interface PlayerIdsValidateResponse {
  unknown: number[];
}
