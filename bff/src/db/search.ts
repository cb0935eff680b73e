import type { SearchProvider as ServerSearchProvider } from '@phoenix/server/db';
import type { Database } from './schema';

export { idOrName, nameKey, searchTerms, trigramKey, type NamedRow, type SearchTerms, type SearchViewer } from '@phoenix/server/db';
/** A BFF area's part of GET /search (the default export of `features/<area>/search.ts`). */
export type SearchProvider = ServerSearchProvider<Database>;
