/** Request body limits shared by features. The app-wide default is 1 MiB (app.ts). */

/** A list of up to 100,000 player ids of up to 10 digits does not fit the default 1 MiB. */
export const BULK_ID_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * How deeply a request's JSON body (or query) may nest objects and arrays. The contract's deepest
 * body is 4 levels (a season pass: body → tiers → tier → reward); past this limit a body is a 400
 * before anything recursive (JSON.parse, zod, the NUL guard) sees it.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Objects, arrays and object keys one JSON body may hold. The largest legitimate body holds about
 * 1,100 (a season pass of 100 tiers); JSON.parse of 1 MiB of `[{},{},…]` (350,000 objects) holds
 * the event loop for 30–40 ms. Plain values in arrays are not counted: 100,000 player ids pass.
 */
export const MAX_INPUT_NODES = 10_000;

export const TOO_DEEP_MESSAGE = `Objects and arrays may be nested at most ${MAX_INPUT_DEPTH} levels deep`;
export const TOO_MANY_NODES_MESSAGE = `A body holds at most ${MAX_INPUT_NODES.toLocaleString('en-US')} objects, arrays and keys`;
