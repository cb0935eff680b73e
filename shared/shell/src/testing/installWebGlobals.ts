/**
 * jest's jsdom environment has no fetch, Request, Response, TextEncoder or ReadableStream, which
 * ky and react-router's data routers need. Borrow Node's own (undici) implementations from the
 * outer realm. AbortController/AbortSignal come along: a Node Request rejects jsdom's signals.
 * FormData stays jsdom's: React builds one from a real <form> element on submit.
 *
 * Loaded by jest.setup.ts for every jsdom test (react-router needs TextEncoder as soon as it is
 * imported), and again, harmlessly, by the testing index.
 */
const NAMES = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
] as const;

// Buffer is injected from Node into the jsdom global, so its Function constructor belongs
// to Node's realm: the one place in a jsdom test that can reach Node's globals.
const nodeGlobal = (Buffer as unknown as { constructor: FunctionConstructor }).constructor('return globalThis')() as Record<
  string,
  unknown
>;

const target = globalThis as unknown as Record<string, unknown>;
if (typeof window !== 'undefined' && target !== nodeGlobal) {
  // Without Request we bring the whole fetch family (incl. AbortController) so they fit together;
  // otherwise only fill what is missing. Idempotent.
  const bringAll = typeof target.Request === 'undefined';
  for (const name of NAMES) {
    if ((bringAll || target[name] === undefined) && nodeGlobal[name] !== undefined) target[name] = nodeGlobal[name];
  }
}

export {};
