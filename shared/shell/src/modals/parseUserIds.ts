export interface InvalidIdEntry {
  /** 1-based line number in the pasted text or file. */
  line: number;
  value: string;
}

export interface ParsedUserIds {
  /** Positive integer ids as digit strings (no leading zeros), first occurrence order, no duplicates. */
  ids: string[];
  invalid: InvalidIdEntry[];
  /** How many repeated ids were dropped. */
  duplicates: number;
}

const SEPARATORS = /[\s,;]+/;
const QUOTES = /^["'`]+|["'`]+$/g;
const DIGITS = /^\d+$/;
const HEADER_NAMES = new Set(['id', 'ids', 'user_id', 'userid', 'user-id', 'user_ids', 'player_id', 'playerid', 'uid']);
/** 19 digits still fit a signed 64-bit id; anything longer is a paste accident. */
const MAX_ID_DIGITS = 19;

/**
 * Reads player ids pasted or uploaded by an admin (one per line, or separated by commas,
 * semicolons or spaces; CSV with a "user_id"/"id" header). One pass, a Set for duplicates:
 * O(n), so 100,000 ids parse in milliseconds.
 */
export function parseUserIds(text: string): ParsedUserIds {
  const ids: string[] = [];
  const seen = new Set<string>();
  const invalid: InvalidIdEntry[] = [];
  let duplicates = 0;
  let headerChecked = false;

  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim();
    if (line === '') continue;
    const tokens = line.split(SEPARATORS);

    // Only the first non-blank line may be a header.
    if (!headerChecked) {
      headerChecked = true;
      if (HEADER_NAMES.has(tokens[0].replace(QUOTES, '').trim().toLowerCase())) continue;
    }

    for (const raw of tokens) {
      const token = raw.replace(QUOTES, '').trim();
      if (token === '') continue;
      const normalized = DIGITS.test(token) ? token.replace(/^0+/, '') : '';
      if (normalized === '' || normalized.length > MAX_ID_DIGITS) {
        invalid.push({ line: i + 1, value: raw });
        continue;
      }
      if (seen.has(normalized)) {
        duplicates++;
        continue;
      }
      seen.add(normalized);
      ids.push(normalized);
    }
  }
  return { ids, invalid, duplicates };
}
