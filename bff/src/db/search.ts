import type { SearchProvider as ServerSearchProvider } from '@phoenix/server/db';
import type { Database } from './schema';

export { idOrNamePrefix, nameKey, searchTerms, type NamedRow, type SearchTerms } from '@phoenix/server/db';
/** A BFF area's part of GET /search (the default export of `features/<area>/search.ts`). */
export type SearchProvider = ServerSearchProvider<Database>;
