import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type Cell = string | number | boolean | null | undefined;

/** Rows per database batch of a streamed export: a few hundred KB of CSV at a time. */
export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Starts a formula in a spreadsheet: = + - @ (or their full-width forms ＝ ＋ － ＠), also after
 * leading whitespace or line breaks, which spreadsheet apps skip; a leading tab or carriage return
 * on its own (OWASP's CSV-injection list).
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;
/** A plain number (-5, +1.5, 2e-3) is data, not a formula: it is left as it is. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** One RFC 4180 cell; formula-like text gets a leading apostrophe so an exported file can't execute anything. */
export function csvCell(value: Cell): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF. */
export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole (small) CSV document. */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return [header, ...rows].map(csvLine).join('');
}

/**
 * The CSV text of a streamed export: UTF-8 BOM (so spreadsheet apps read non-ASCII right) and the
 * header with the first batch, then one chunk per batch. Pulled by the HTTP response: the next batch
 * is only fetched when the client has taken the previous one, so memory stays flat whatever the size.
 */
async function* csvText<Row>(
  header: readonly string[],
  batches: AsyncIterable<readonly Row[]>,
  toCells: (row: Row) => readonly Cell[],
  tally: ExportTally,
): AsyncGenerator<string> {
  const lines = (batch: readonly Row[]) => {
    tally.rows += batch.length;
    return batch.map((row) => csvLine(toCells(row))).join('');
  };
  const iterator = batches[Symbol.asyncIterator]();
  // The first batch before the header: a query that fails (a bad filter, a database error) fails
  // before the response has started, so it is answered as an ordinary error, not a cut download.
  const first = await iterator.next();
  yield `\uFEFF${csvLine(header)}${first.done ? '' : lines(first.value)}`;
  if (!first.done) {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (next.value.length) yield lines(next.value);
    }
  }
  tally.complete = true;
}

/** What an export sent: its rows so far, and whether it reached the end (the action log's row, exportAudit.ts). */
export interface ExportTally {
  rows: number;
  complete: boolean;
}
const tallies = new WeakMap<object, ExportTally>();
const requestTallies = new WeakMap<object, ExportTally>();

/** See csvText: the chunks of a streamed export, counted as they go (exportTallyOf). */
export function csvChunks<Row>(
  header: readonly string[],
  batches: AsyncIterable<readonly Row[]>,
  toCells: (row: Row) => readonly Cell[],
): AsyncGenerator<string> {
  const tally: ExportTally = { rows: 0, complete: false };
  const chunks = csvText(header, batches, toCells, tally);
  tallies.set(chunks, tally);
  return chunks;
}

/** The tally of the export a request sent through sendCsvStream, if any. */
export const exportTallyOf = (request: object): ExportTally | undefined => requestTallies.get(request);

/**
 * Sends a streamed CSV download (see csvChunks). Its first chunk is awaited before anything is sent:
 * an error up to there goes to the error handlers (a 400 for a bad filter), never a destroyed response.
 */
export async function sendCsvStream(reply: FastifyReply, filename: string, chunks: AsyncIterable<string>) {
  requestTallies.set(reply.request, tallies.get(chunks) ?? { rows: 0, complete: false });
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Readable.from(all(), { objectMode: false, highWaterMark: 1 }));
}
