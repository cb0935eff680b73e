import { z } from 'zod';
import { lazy } from './lazy';

/**
 * "Find anything" (Ctrl/Cmd+K): GET /search?q= on the BFF and on the points API, each answering
 * the records of its own areas. The console asks both at once and shows each answer as it comes,
 * so the points API being down leaves the BFF's hits (and the pages) on screen.
 */
export const SEARCH_QUERY_MAX = 100;
/** Hits per area: the dialog is a jump list, not a result page (the area's list has the rest). */
export const SEARCH_HITS_PER_AREA = 5;

export const searchQuerySchema = lazy(() =>
  z.object({
    q: z
      .string({ message: 'Type something to search for' })
      .trim()
      .min(1, 'Type something to search for')
      .max(SEARCH_QUERY_MAX, `At most ${SEARCH_QUERY_MAX} characters`),
  }),
);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export interface SearchHit {
  /**
   * The record's area, by the name its remote declares in areas.ts (players, presents…): the console
   * makes the link (the area's record view) and names the kind of record from its routes.json.
   */
  area: string;
  /** The record's id, as text (ids are numbers today; the hit does not care). */
  id: string;
  /** What the record is called (a player's or present's name, a news title…). */
  label: string;
  /** A second line: a wallet, a status, a date (optional). */
  detail?: string;
  /**
   * What matched, best first: an exact id or wallet, a name prefix ('name'), a word of the name
   * starting with the text ('word': "Kim" in "Julia Kim"), the text anywhere in it ('substring').
   */
  match: SearchMatch;
  /**
   * The kind of record when it is not its area's (a ledger entry shown on a point account's page):
   * the console names it from its strings (`findAnything.kinds.<kind>`).
   */
  kind?: 'ledgerEntry';
}

export const SEARCH_MATCHES = ['id', 'wallet', 'name', 'word', 'substring'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/** Where a match ranks (lower first): exact, then prefix, then word, then substring. */
export function searchMatchRank(match: SearchMatch): number {
  return match === 'id' || match === 'wallet' ? 0 : SEARCH_MATCHES.indexOf(match) - 1;
}

/**
 * Texts shorter than this are matched as prefixes only: a trigram index cannot narrow a one- or
 * two-letter substring, and the scan it would take is the whole table.
 */
export const SEARCH_SUBSTRING_MIN = 3;

/** GET /search's answer (SearchResponse), on both services. */
export const searchResponseSchema = lazy(() =>
  z.object({
    items: z.array(
      z.object({
        area: z.string(),
        id: z.string(),
        label: z.string(),
        detail: z.string().optional(),
        match: z.enum(SEARCH_MATCHES),
        kind: z.literal('ledgerEntry').optional(),
      }),
    ),
    unavailable: z.array(z.string()),
  }),
);

export interface SearchResponse {
  /** Exact matches (id, wallet) first, then name prefixes, words, substrings, area by area. */
  items: SearchHit[];
  /** Areas whose provider failed this time: the others still answer. */
  unavailable: string[];
}

/** An id the user may have typed: a whole number in PostgreSQL's integer range, with or without '#'. */
export function searchIdOf(q: string): number | null {
  const text = q.trim().replace(/^#/, '');
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** A wallet address typed in any case (compared lower-cased; shown checksummed). */
export function searchWalletOf(q: string): string | null {
  const text = q.trim();
  return /^0x[0-9a-fA-F]{40}$/.test(text) ? text.toLowerCase() : null;
}
