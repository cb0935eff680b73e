import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@phoenix/contract';
import { FORM_ERROR_KEY, HttpError, validationFailed } from './errors';
import { MAX_INPUT_DEPTH, MAX_INPUT_NODES, TOO_DEEP_MESSAGE, TOO_MANY_NODES_MESSAGE } from './limits';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * What makes a JSON text too costly to parse, found by one linear scan before JSON.parse: nesting
 * past MAX_INPUT_DEPTH or more than MAX_INPUT_NODES objects, arrays and keys. Brackets and colons
 * inside strings do not count. Malformed text is left for JSON.parse to refuse (it stops where the
 * text goes wrong, so it never nests deeper than counted here). Stops at the first limit passed:
 * a 1 MiB `[[[[…` costs microseconds.
 */
export function jsonShapeError(text: string): string | null {
  if (fewOpeners(text)) return null;
  const strings = new StringSkipper(text);
  let depth = 0;
  let nodes = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = strings.end(i);
      if (i < 0) return null;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_INPUT_DEPTH) return TOO_DEEP_MESSAGE;
      if (++nodes > MAX_INPUT_NODES) return TOO_MANY_NODES_MESSAGE;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COLON) {
      if (++nodes > MAX_INPUT_NODES) return TOO_MANY_NODES_MESSAGE;
    }
  }
  return null;
}

const OPENERS = /[[{:]/g;

/**
 * The common case, in native code: a text with at most MAX_INPUT_DEPTH `[`, `{` and `:` in all
 * (in strings too) is within both limits, e.g. a list of 100,000 player ids (0.3 ms, where the
 * scan below reads it character by character in 2.5 ms). Gives up after MAX_INPUT_DEPTH + 1.
 */
function fewOpeners(text: string): boolean {
  OPENERS.lastIndex = 0;
  for (let count = 0; OPENERS.test(text);) if (++count > MAX_INPUT_DEPTH) return false;
  return true;
}

/**
 * Finds where strings end. A string without a backslash (nearly all) is skipped with one indexOf;
 * one with escapes is read character by character. The next backslash's position is remembered
 * between strings, so texts without any backslash are not searched to the end once per string.
 */
class StringSkipper {
  /** Where the next backslash after the current string's opening quote is, or text.length when there is none; -1 before the first search. */
  private nextBackslash = -1;
  constructor(private readonly text: string) {}

  /** The index of the quote closing the string opened at `open`, or -1. */
  end(open: number): number {
    const { text } = this;
    const quote = text.indexOf('"', open + 1);
    if (quote < 0) return -1;
    if (this.nextBackslash <= open) {
      const found = text.indexOf('\\', open + 1);
      this.nextBackslash = found < 0 ? text.length : found; // none left: never searched again
    }
    if (this.nextBackslash > quote) return quote;
    for (let i = this.nextBackslash; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) return i;
    }
    return -1;
  }
}

/** JSON bodies; an empty body is "no body" (so `POST /users/logout` with a JSON header works). */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    const shapeError = jsonShapeError(text);
    if (shapeError) return done(validationFailed({ [FORM_ERROR_KEY]: [shapeError] }), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new HttpError(400, ERROR_CODES.validation, 'The request body is not valid JSON'), undefined);
    }
  });
}
