/** "2025-03-01 14:05" in the admin's local time; '' for missing, the raw text if unparsable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Shortens long text for a table cell (show the full text in a title or a detail view). */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** ISO instant → the value a <input type="datetime-local"> shows (local time), '' if invalid. */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (local time, no zone) → ISO instant in UTC, '' if empty or invalid. */
export function localInputToIso(local: string): string {
  if (!local) return '';
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

/** A planned or display window in local time: "2025-03-01 14:00 – 2025-03-01 16:00", "From …", "Until …", or `none`. */
export function formatTimeWindow(start: string | null | undefined, end: string | null | undefined, none = 'No window planned'): string {
  if (start && end) return `${formatDateTime(start)} – ${formatDateTime(end)}`;
  if (start) return `From ${formatDateTime(start)}`;
  if (end) return `Until ${formatDateTime(end)}`;
  return none;
}

/** "saved 2026-11-21 08:38 by admin@…": when a versioned record was last saved, and by whom. */
export function savedAt(record: { updatedAt: string; updatedBy: string | null }): string {
  return `saved ${formatDateTime(record.updatedAt)}${record.updatedBy ? ` by ${record.updatedBy}` : ''}`;
}
