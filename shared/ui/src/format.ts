import { kitLanguage, kitT } from './i18n';

/*
 * Dates and numbers go through Intl in the console's language (read from the i18next singleton,
 * or passed in) and in the admin's time zone. The admin's time zone is the browser's: a
 * datetime-local input reads and writes that zone too, so what is entered and what is shown
 * agree. Values sent to and received from the API stay ISO instants in UTC.
 */

type Language = 'en' | 'ja';

/** The admin's IANA time zone (the browser's), e.g. "Asia/Tokyo"; "UTC" if the browser says nothing. */
export function adminTimeZone(): string {
  // Resolving the zone builds an Intl.DateTimeFormat (about 0.1 ms): a list formats dozens of dates per
  // render, so it is read once a second at most (a changed system zone still shows within a second).
  const now = Date.now();
  if (zoneCache && now - zoneCache.at < 1000) return zoneCache.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    // keep UTC
  }
  zoneCache = { zone, at: now };
  return zone;
}
let zoneCache: { zone: string; at: number } | undefined;

/** "UTC+09:00" for a zone at a given moment (offsets change with daylight saving time). */
export function utcOffset(timeZone: string = adminTimeZone(), at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const offset = (part?.value ?? 'GMT').replace(/^GMT/, '');
  return `UTC${offset || '+00:00'}`;
}

/** "Asia/Tokyo (UTC+09:00)": what a field that takes a time says about its zone. */
export function timeZoneLabel(timeZone: string = adminTimeZone(), at: Date = new Date()): string {
  return `${timeZone} (${utcOffset(timeZone, at)})`;
}

/** "Times in Asia/Tokyo (UTC+09:00)." in the console's language. */
export function timeZoneNote(timeZone: string = adminTimeZone(), at: Date = new Date()): string {
  return kitT('time.zone', { zone: timeZone, offset: utcOffset(timeZone, at) });
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function dateTimeFormat(language: Language, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    // en "Mar 1, 2025, 14:05", ja "2025/03/01 14:05": unambiguous, 24-hour in both.
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone });
    dateTimeFormats.set(key, format);
  }
  return format;
}

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An ISO instant in the admin's time zone and the console's language; '' for missing, the raw text if
 * unparsable. In the browser's own zone (no `timeZone` given) it is written from the Date's local fields,
 * the same text Intl gives ("Mar 1, 2025, 14:05", "2025/03/01 14:05"): a page's first Intl object costs
 * its ICU set-up (12–20 ms of one task on a fast machine), which a list of dates need not pay.
 */
export function formatDateTime(iso: string | null | undefined, language: Language = kitLanguage(), timeZone?: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (timeZone !== undefined) return dateTimeFormat(language, timeZone).format(d);
  // Intl pads the hour in English ("09:07") and not in Japanese ("9:07").
  return language === 'ja'
    ? `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${d.getHours()}:${pad(d.getMinutes())}`
    : `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}, ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A number with the language's grouping ("12,345"); whole numbers without Intl (en and ja group alike). */
export function formatNumber(value: number, language: Language = kitLanguage()): string {
  if (Number.isSafeInteger(value)) return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  let format = numberFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language);
    numberFormats.set(language, format);
  }
  return format.format(value);
}

/** Shortens long text for a table cell (show the full text in a title or a detail view). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** ISO instant → the value a <input type="datetime-local"> shows (the admin's time zone), '' if invalid; to the minute unless `withSeconds`. */
export function isoToLocalInput(iso: string | null | undefined, withSeconds = false): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const minute = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return withSeconds ? `${minute}:${pad(d.getSeconds())}` : minute;
}

/** A datetime-local value (the admin's time zone, no zone in the text) → ISO instant in UTC, '' if empty or invalid. */
export function localInputToIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** A planned or display window: "<start> – <end>", "From …", "Until …", or `none` (default "No window planned"). */
export function formatTimeWindow(start: string | null | undefined, end: string | null | undefined, none?: string): string {
  if (start && end) return kitT('time.window', { start: formatDateTime(start), end: formatDateTime(end) });
  if (start) return kitT('time.from', { start: formatDateTime(start) });
  if (end) return kitT('time.until', { end: formatDateTime(end) });
  return none ?? kitT('time.noWindow');
}

/** "saved <time> by admin@…": when a versioned record was last saved, and by whom. */
export function savedAt(record: { updatedAt: string; updatedBy: string | null }): string {
  const time = formatDateTime(record.updatedAt);
  return record.updatedBy ? kitT('time.savedBy', { time, by: record.updatedBy }) : kitT('time.saved', { time });
}
