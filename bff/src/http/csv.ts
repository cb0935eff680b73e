import type { FastifyReply } from 'fastify';

type Cell = string | number | boolean | null | undefined;

/**
 * RFC 4180 CSV. Cells that a spreadsheet would run as a formula (starting with = + - @, or a
 * tab / carriage return) get a leading apostrophe, so an exported file can't execute anything.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Sends CSV as a download (UTF-8 with BOM so spreadsheet apps read non-ASCII text right). */
export function sendCsv(reply: FastifyReply, filename: string, csv: string, truncated = false) {
  if (truncated) reply.header('x-export-truncated', 'true');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(`\uFEFF${csv}`);
}

/** Upper bound on rows in one CSV export; beyond it the response carries `x-export-truncated: true`. */
export const EXPORT_MAX_ROWS = 50_000;

/** Fetches up to max+1 rows to tell whether the export was cut. */
export async function boundedExport<T>(fetch: (limit: number) => Promise<T[]>, max = EXPORT_MAX_ROWS) {
  const rows = await fetch(max + 1);
  return { rows: rows.slice(0, max), truncated: rows.length > max };
}
