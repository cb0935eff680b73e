import { z } from 'zod';
import { listQuerySchema, noBodySchema, versionedRecordShape, versionSchema } from './common';
import { defineResource } from './resource';
import { isoDateTimeSchema, wholeNumber } from './fields';
import { lazy } from './lazy';

export const PLAYER_STATUSES = ['active', 'banned'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/**
 * A player as the BFF returns it. `status` is derived from the clock: a ban with an end is
 * lifted by time alone (no job), so `banned` means a ban is in force now.
 */
export const playerSchema = lazy(() =>
  z.object({
    ...versionedRecordShape,
    name: z.string(),
    /** Lower-case as stored; show it with checksumAddress (EIP-55). */
    walletAddress: z.string().nullable(),
    level: z.number().int(),
    status: z.enum(PLAYER_STATUSES),
    /** The ban in force: its end (null = until lifted); null when not banned. */
    banEndsAt: z.string().nullable(),
    lastSeenAt: z.string().nullable(),
  }),
);
export type Player = z.infer<typeof playerSchema>;

export const PLAYER_SEARCH_KINDS = ['id', 'name', 'wallet'] as const;
export type PlayerSearchKind = (typeof PLAYER_SEARCH_KINDS)[number];

export const PLAYER_SORTS = ['id', 'name', 'level', 'createdAt', 'lastSeenAt'] as const;

const levelBound = lazy(() => z.coerce.number().check(wholeNumber('Levels are whole numbers')).min(0).max(100_000).optional());

/**
 * GET /players: `q` searched as `by` says: an exact id, a name prefix (case-insensitive) or an
 * exact wallet address (case-insensitive). Filters: status, level range.
 */
export const playerQuerySchema = lazy(() =>
  listQuerySchema.extend({
    by: z.enum(PLAYER_SEARCH_KINDS).default('name'),
    status: z.enum(PLAYER_STATUSES).optional(),
    levelMin: levelBound,
    levelMax: levelBound,
  }),
);

const banReason = lazy(() => z.string().trim().min(1, 'Give a reason').max(500, 'A reason is at most 500 characters'));
/** An optional end (ISO datetime); the BFF refuses one that is not in the future. */
export const BAN_END_IN_THE_PAST = 'The end of a ban must be in the future';
/**
 * A ban's end: none (until lifted) or a time after `now`. Checked on the field itself, so it is said
 * together with the other fields' errors (an object's refinement would wait for them). The BFF
 * builds its schemas on its own clock (`playerBanSchemaAt(ctx.now)`); the console's are on the browser's.
 */
const banEndAt = (now: () => Date) =>
  isoDateTimeSchema
    .nullable()
    .optional()
    .refine((end) => {
      const at = end ? Date.parse(end) : Number.NaN;
      return Number.isNaN(at) || at > now().getTime(); // not a date: the format check says so
    }, BAN_END_IN_THE_PAST);
const browserClock = () => new Date();

/** POST /players/:id/ban, its end checked against `now`. */
export const playerBanSchemaAt = (now: () => Date) => z.object({ reason: banReason, endsAt: banEndAt(now), version: versionSchema });
export const playerBanSchema = lazy(() => playerBanSchemaAt(browserClock));
export type PlayerBan = z.infer<typeof playerBanSchema>;
/** POST /players/:id/unban. */
export const playerUnbanSchema = lazy(() => z.object({ reason: banReason, version: versionSchema }));
export type PlayerUnban = z.infer<typeof playerUnbanSchema>;

/** Players come from the game: never created, edited or deleted here (ban / unban only). */
export const playersResource = defineResource({
  scope: 'players',
  path: '/players',
  target: 'player',
  noun: 'player',
  schemas: { record: playerSchema, create: noBodySchema, update: noBodySchema, query: playerQuerySchema },
  sorts: PLAYER_SORTS,
  defaultSort: { sort: 'id', order: 'asc' },
  csv: { filename: 'players.csv', columns: ['id', 'name', 'walletAddress', 'level', 'status', 'banEndsAt', 'createdAt', 'lastSeenAt'] },
  remove: false,
  writable: false,
});

/** One ban of a player (its history, newest first). */
export interface PlayerBanRecord {
  id: number;
  playerId: number;
  reason: string;
  bannedAt: string;
  bannedBy: string;
  endsAt: string | null;
  liftedAt: string | null;
  liftedBy: string | null;
  liftReason: string | null;
  /** In force now: not lifted and not past its end. */
  inForce: boolean;
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
export const playerIdListSchema = lazy(() =>
  z
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
    }),
);

/** POST /players/validate-ids: which of these ids are not players? */
export const playerIdsValidateSchema = lazy(() => z.object({ ids: playerIdListSchema }));
export type PlayerIdsValidate = z.infer<typeof playerIdsValidateSchema>;

/** POST /players/ban: several players at once (set-based; one action-log row with count and sample). */
export const playerBulkBanSchemaAt = (now: () => Date) => z.object({ ids: playerIdListSchema, reason: banReason, endsAt: banEndAt(now) });
export const playerBulkBanSchema = lazy(() => playerBulkBanSchemaAt(browserClock));
export type PlayerBulkBan = z.infer<typeof playerBulkBanSchema>;
export interface PlayerBulkBanResult {
  banned: number;
  /** Already banned at that moment: left as they were. */
  alreadyBanned: number;
  unknown: number[];
}

/** → the unknown ids, deduplicated, in the order first sent. */
export interface PlayerIdsValidateResponse {
  unknown: number[];
}

/** GET /players/names?ids=1,2,3: the names of up to this many players at once (a page's worth of rows). */
export const PLAYER_NAMES_PATH = '/players/names';
export const MAX_PLAYER_NAMES = 200;

/** `ids`: comma-separated player ids, at most MAX_PLAYER_NAMES; the answer leaves out ids that are not players. */
export const playerNamesQuerySchema = lazy(() =>
  z.object({
    ids: z
      .string({ message: 'Send a list of player ids' })
      .transform((text) => (text.trim() === '' ? [] : text.split(',').map((part) => (/^\s*\d{1,10}\s*$/.test(part) ? Number(part) : part))))
      .pipe(playerIdListSchema)
      .refine((ids) => ids.length <= MAX_PLAYER_NAMES, `At most ${MAX_PLAYER_NAMES} player ids at a time`),
  }),
);
export type PlayerNamesQuery = z.infer<typeof playerNamesQuerySchema>;

export interface PlayerNameEntry {
  id: number;
  name: string;
}
export interface PlayerNamesResponse {
  items: PlayerNameEntry[];
}
export const playerNamesSchema = lazy(() => z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) }));

/** GET /players/:id/bans's answer: the player's bans, newest first. */
export const playerBanHistorySchema = lazy(() =>
  z.object({
    items: z.array(
      z.object({
        id: z.number().int(),
        playerId: z.number().int(),
        reason: z.string(),
        bannedAt: z.string(),
        bannedBy: z.string(),
        endsAt: z.string().nullable(),
        liftedAt: z.string().nullable(),
        liftedBy: z.string().nullable(),
      }),
    ),
  }),
);

/** POST /players/ban's answer (PlayerBulkBanResult). */
export const playerBulkBanResultSchema = lazy(() =>
  z.object({ banned: z.number().int(), alreadyBanned: z.number().int(), unknown: z.array(z.number().int()) }),
);
