import type { SearchHit } from '@phoenix/contract';

/**
 * The records an admin last opened from "Find anything", newest first, in this browser's
 * localStorage under a key of their own (one admin's list never shows to another signing in on the
 * same browser). Only what names a record is kept, the area, id, label and kind of the hit; never a
 * token, a detail line (wallets) or anything else. The link is made again from the area when shown,
 * so a list kept across releases still opens where the area now says.
 */
export interface RecentItem {
  area: string;
  id: string;
  label: string;
  kind?: SearchHit['kind'];
}

export const RECENT_MAX = 8;
const KEY_PREFIX = 'phoenix.findAnything.recent:';

const keyOf = (admin: string) => `${KEY_PREFIX}${admin.trim().toLowerCase()}`;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null; // storage refused (privacy settings): no recent items, nothing breaks
  }
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;

/** A stored entry, checked: another version or a hand edit never reaches the dialog malformed. */
function parse(value: unknown): RecentItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const { area, id, label, kind } = value as Record<string, unknown>;
  if (!isText(area, 64) || !isText(id, 64) || !isText(label, 300)) return null;
  return { area, id, label, ...(kind === 'ledgerEntry' ? { kind } : {}) };
}

export function readRecent(admin: string | null | undefined): RecentItem[] {
  if (!admin) return [];
  try {
    const raw: unknown = JSON.parse(storage()?.getItem(keyOf(admin)) ?? '[]');
    return Array.isArray(raw) ? raw.flatMap((entry) => parse(entry) ?? []).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

const same = (a: RecentItem, b: RecentItem) => a.area === b.area && a.id === b.id && a.kind === b.kind && a.label === b.label;

/** Puts `item` first (once), keeps at most RECENT_MAX; returns the new list. */
export function rememberRecent(admin: string | null | undefined, item: RecentItem): RecentItem[] {
  if (!admin) return [];
  const entry = parse(item);
  if (!entry) return readRecent(admin);
  const next = [entry, ...readRecent(admin).filter((other) => !same(other, entry))].slice(0, RECENT_MAX);
  try {
    storage()?.setItem(keyOf(admin), JSON.stringify(next));
  } catch {
    // full or refused: the list is only a convenience
  }
  return next;
}

export function clearRecent(admin: string | null | undefined): void {
  if (!admin) return;
  try {
    storage()?.removeItem(keyOf(admin));
  } catch {
    // as above
  }
}
